import { describe, expect, it } from 'vitest';
import { phpJsonEncode, requestChecksum } from './edd-answer-fields.js';

// EDD's get_request_checksum(): usort by strlen (longest first), json_encode, md5. Each expected value is what
// PHP 8.2 answered for the same arguments (its usort is stable, as Array.prototype.sort is).
const CASES: Array<[Array<string | number | false>, string, string]> = [
  [
    [false, 'EDD Demo', '8022-ABCD-EFGH', 'https://example.com/'],
    '["https:\\/\\/example.com\\/","8022-ABCD-EFGH","EDD Demo",false]',
    'cd3166282e94a398ff74d4953740923d',
  ],
  [[4242, false, 'key-1', ''], '["key-1",4242,false,""]', 'd216e976fce6561a9b6d11428098b811'],
  [
    ['Café/Crème 🚀', 'KEY', 'https://a.example.org/path', 17, 'production'],
    '["https:\\/\\/a.example.org\\/path","Caf\\u00e9\\/Cr\\u00e8me \\ud83d\\ude80","production","KEY",17]',
    '1cdb98ae7e914b6e74326bb6945f4773',
  ],
  [[false, false, false, ''], '[false,false,false,""]', 'f03b77bf6ed66fdca4745636bcf49357'],
  [['abcd', 'efgh', 'ij', 12, 'kl'], '["abcd","efgh","ij",12,"kl"]', '15fb0f34de8443f66a15fd3ad9f074f6'],
];

const phpLength = (value: string | number | false) => (value === false ? 0 : Buffer.byteLength(String(value)));

describe('requestChecksum: EDD get_request_checksum', () => {
  it.each(CASES)('%j', (args, json, md5) => {
    expect(phpJsonEncode([...args].sort((a, b) => phpLength(b) - phpLength(a)))).toBe(json);
    expect(requestChecksum(args)).toBe(md5);
  });
});
