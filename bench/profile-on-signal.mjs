// A CPU profile of a running server, taken only while a bench wants one: preload this file
// (BENCH_NODE_ARGS="--import ./bench/profile-on-signal.mjs") and send the process SIGUSR2 to start the profiler and
// SIGUSR2 again to stop it and write `<pid>-<n>.cpuprofile` into BENCH_PROFILE_DIR (default: the working directory).
// Node's own `--cpu-prof` samples from the start, so the server never looks idle to a bench that waits for it to
// settle (bench/check-shop.ts `waitIdle`); this samples only the measured stretch. Open the file in Chrome's DevTools
// or summarise it with bench/profile-summary.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
const interval = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 1000);
let running = false;
let written = 0;

process.on('SIGUSR2', () => {
  const turn = running
    ? post('Profiler.stop').then(({ profile }) => {
        const file = path.join(process.env.BENCH_PROFILE_DIR ?? '.', `${process.pid}-${++written}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        process.stderr.write(`profile written: ${file}\n`);
      })
    : post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval }))
        .then(() => post('Profiler.start'));
  running = !running;
  turn.catch((error) => process.stderr.write(`profiler: ${error}\n`));
});
