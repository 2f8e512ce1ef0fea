import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yauzl, { type Options, type ZipFile } from 'yauzl';

/** The block small reads are served from: about 800 central directory entries of a typical zip. */
const BLOCK_BYTES = 64 * 1024;

/**
 * yauzl's reader for a file that serves small reads from one cached 64 KB block. yauzl lists a zip's central
 * directory entry by entry, two small reads each; its own reader makes every one a file system call through
 * libuv's thread pool, which made listing 20,000 entries take seconds on a busy machine. Reads of entry
 * data (larger ranges) are streamed from the file as before.
 */
class BlockReader extends yauzl.RandomAccessReader {
  private blockStart = 0;
  private block = Buffer.alloc(0);

  constructor(private readonly fd: number) {
    super();
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (error: Error | null, bytesRead?: number) => void): void {
    const at = position - this.blockStart;
    if (at >= 0 && at + length <= this.block.length) {
      this.block.copy(buffer, offset, at, at + length);
      // Asynchronous, as yauzl expects, without a thread-pool round trip (and without growing the stack).
      queueMicrotask(() => callback(null, length));
      return;
    }
    if (length > BLOCK_BYTES) {
      fs.read(this.fd, buffer, offset, length, position, (error, bytesRead) => callback(error, bytesRead));
      return;
    }
    const block = Buffer.allocUnsafe(BLOCK_BYTES);
    fs.read(this.fd, block, 0, BLOCK_BYTES, position, (error, bytesRead) => {
      if (error) return callback(error);
      this.blockStart = position;
      this.block = block.subarray(0, bytesRead);
      const copied = Math.min(length, bytesRead);
      block.copy(buffer, offset, 0, copied);
      callback(null, copied);
    });
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // yauzl destroys an entry's stream when its reader stops early; the file is closed with the zip (close
    // below), so the stream's own close must not close it.
    const keepOpen = { read: fs.read, close: (_fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => callback(null) };
    return fs.createReadStream('', { fd: this.fd, start, end: end - 1, autoClose: false, fs: keepOpen });
  }

  override close(callback: (error: Error | null) => void): void {
    fs.close(this.fd, callback);
  }
}

/** yauzl.open with the block reader above; the file is closed with the zip (autoClose) or on failure. */
export function openZip(file: string, options: Options, callback: (error: Error | null, zip?: ZipFile) => void): void {
  fs.open(file, 'r', (openError, fd) => {
    if (openError) return callback(openError);
    fs.fstat(fd, (statError, stats) => {
      if (statError) return fs.close(fd, () => callback(statError));
      yauzl.fromRandomAccessReader(new BlockReader(fd), stats.size, options, (error, zip) => {
        if (error) return fs.close(fd, () => callback(error));
        callback(null, zip);
      });
    });
  });
}
