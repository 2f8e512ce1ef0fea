// WordPress's sanitize_title() as EDD Software Licensing compares item names with it (docs/edd-item-names.md):
// remove_accents() (WordPress 6.1, locale en_US), then the `sanitize_title` filter WordPress core installs,
// sanitize_title_with_dashes( $title, $raw, 'save' ). The byte steps of the PHP code (utf8_uri_encode, the `%xx`
// replacements) run here on the UTF-8 encoding spelled as `%xx`, as WordPress does.

/** remove_accents()'s table: every character it changes (WordPress 6.1, en_US), `char=replacement`, `|` between. */
const ACCENTS = [
  '£=|ª=a|º=o|À=A|Á=A|Â=A|Ã=A|Ä=A|Å=A|Æ=AE|Ç=C|È=E|É=E|Ê=E|Ë=E|Ì=I|Í=I|Î=I|Ï=I|Ð=D|Ñ=N|Ò=O|Ó=O|Ô=O|Õ=O|Ö=O|Ø=O',
  'Ù=U|Ú=U|Û=U|Ü=U|Ý=Y|Þ=TH|ß=s|à=a|á=a|â=a|ã=a|ä=a|å=a|æ=ae|ç=c|è=e|é=e|ê=e|ë=e|ì=i|í=i|î=i|ï=i|ð=d|ñ=n|ò=o|ó=o',
  'ô=o|õ=o|ö=o|ø=o|ù=u|ú=u|û=u|ü=u|ý=y|þ=th|ÿ=y|Ā=A|ā=a|Ă=A|ă=a|Ą=A|ą=a|Ć=C|ć=c|Ĉ=C|ĉ=c|Ċ=C|ċ=c|Č=C|č=c|Ď=D|ď=d',
  'Đ=D|đ=d|Ē=E|ē=e|Ĕ=E|ĕ=e|Ė=E|ė=e|Ę=E|ę=e|Ě=E|ě=e|Ĝ=G|ĝ=g|Ğ=G|ğ=g|Ġ=G|ġ=g|Ģ=G|ģ=g|Ĥ=H|ĥ=h|Ħ=H|ħ=h|Ĩ=I|ĩ=i|Ī=I',
  'ī=i|Ĭ=I|ĭ=i|Į=I|į=i|İ=I|ı=i|Ĳ=IJ|ĳ=ij|Ĵ=J|ĵ=j|Ķ=K|ķ=k|ĸ=k|Ĺ=L|ĺ=l|Ļ=L|ļ=l|Ľ=L|ľ=l|Ŀ=L|ŀ=l|Ł=L|ł=l|Ń=N|ń=n|Ņ=N',
  'ņ=n|Ň=N|ň=n|ŉ=n|Ŋ=N|ŋ=n|Ō=O|ō=o|Ŏ=O|ŏ=o|Ő=O|ő=o|Œ=OE|œ=oe|Ŕ=R|ŕ=r|Ŗ=R|ŗ=r|Ř=R|ř=r|Ś=S|ś=s|Ŝ=S|ŝ=s|Ş=S|ş=s|Š=S',
  'š=s|Ţ=T|ţ=t|Ť=T|ť=t|Ŧ=T|ŧ=t|Ũ=U|ũ=u|Ū=U|ū=u|Ŭ=U|ŭ=u|Ů=U|ů=u|Ű=U|ű=u|Ų=U|ų=u|Ŵ=W|ŵ=w|Ŷ=Y|ŷ=y|Ÿ=Y|Ź=Z|ź=z|Ż=Z',
  'ż=z|Ž=Z|ž=z|ſ=s|Ơ=O|ơ=o|Ư=U|ư=u|Ǎ=A|ǎ=a|Ǐ=I|ǐ=i|Ǒ=O|ǒ=o|Ǔ=U|ǔ=u|Ǖ=U|ǖ=u|Ǘ=U|ǘ=u|Ǚ=U|ǚ=u|Ǜ=U|ǜ=u|Ș=S|ș=s|Ț=T',
  'ț=t|ɑ=a|Ạ=A|ạ=a|Ả=A|ả=a|Ấ=A|ấ=a|Ầ=A|ầ=a|Ẩ=A|ẩ=a|Ẫ=A|ẫ=a|Ậ=A|ậ=a|Ắ=A|ắ=a|Ằ=A|ằ=a|Ẳ=A|ẳ=a|Ẵ=A|ẵ=a|Ặ=A|ặ=a|Ẹ=E',
  'ẹ=e|Ẻ=E|ẻ=e|Ẽ=E|ẽ=e|Ế=E|ế=e|Ề=E|ề=e|Ể=E|ể=e|Ễ=E|ễ=e|Ệ=E|ệ=e|Ỉ=I|ỉ=i|Ị=I|ị=i|Ọ=O|ọ=o|Ỏ=O|ỏ=o|Ố=O|ố=o|Ồ=O|ồ=o',
  'Ổ=O|ổ=o|Ỗ=O|ỗ=o|Ộ=O|ộ=o|Ớ=O|ớ=o|Ờ=O|ờ=o|Ở=O|ở=o|Ỡ=O|ỡ=o|Ợ=O|ợ=o|Ụ=U|ụ=u|Ủ=U|ủ=u|Ứ=U|ứ=u|Ừ=U|ừ=u|Ử=U|ử=u|Ữ=U',
  'ữ=u|Ự=U|ự=u|Ỳ=Y|ỳ=y|Ỵ=Y|ỵ=y|Ỷ=Y|ỷ=y|Ỹ=Y|ỹ=y|€=E',
];
const ACCENT_MAP = new Map(
  ACCENTS.join('|')
    .split('|')
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
);

/** remove_accents( $text ): NFC first, then each character through the table. */
export function removeAccents(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) out += ACCENT_MAP.get(char) ?? char;
  return out;
}

/** utf8_uri_encode( $text, 200 ): non-ASCII characters as lower-case `%xx` octets, cut before 200 characters. */
function utf8UriEncode(text: string, length = 200): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 128) {
      if (out.length + 1 > length) break;
      out += char;
      continue;
    }
    const octets = Buffer.from(char, 'utf8');
    if (out.length + octets.length * 3 > length) break;
    for (const octet of octets) out += `%${octet.toString(16)}`;
  }
  return out;
}

/** Stripped in the 'save' context: soft hyphen, ¡ ¿, angle and curly quotes, bullet, © ® ° … ™, accents, invisible characters. */
const STRIPPED =
  /%c2%ad|%c2%a1|%c2%bf|%c2%ab|%c2%bb|%e2%80%b9|%e2%80%ba|%e2%80%9[89a-f]|%e2%80%a2|%c2%a9|%c2%ae|%c2%b0|%e2%80%a6|%e2%84%a2|%c2%b4|%cb%8a|%cc%81|%cd%81|%cc%80|%cc%84|%cc%8c|%e2%80%8[b-f]|%e2%80%a[a-e]|%ef%bb%bf|%ef%bf%bc/g;
/** Made hyphens in the 'save' context: the spaces of other widths, line and paragraph separators. */
const WIDE_SPACES = /%e2%80%8[0-9a]|%e2%80%a[89f]/g;

/** sanitize_title_with_dashes( $title, '', 'save' ). */
export function sanitizeTitleWithDashes(input: string): string {
  let title = input.replace(/<[^>]*(>|$)/g, ''); // strip_tags
  // Escaped octets are kept, any other `%` removed.
  title = title
    .replace(/%([a-fA-F0-9][a-fA-F0-9])/g, '---$1---')
    .replaceAll('%', '')
    .replace(/---([a-fA-F0-9][a-fA-F0-9])---/g, '%$1');
  title = utf8UriEncode(title.toLowerCase()).toLowerCase();
  title = title
    .replace(/%c2%a0|%e2%80%93|%e2%80%94/g, '-')
    .replace(/&nbsp;|&#160;|&ndash;|&#8211;|&mdash;|&#8212;/g, '-')
    .replaceAll('/', '-')
    .replace(STRIPPED, '')
    .replace(WIDE_SPACES, '-')
    .replaceAll('%c3%97', 'x');
  title = title
    .replace(/&.+?;/g, '')
    .replaceAll('.', '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
  return title.replace(/^-+|-+$/g, '');
}

/** sanitize_title( $title ): what EDD compares an item name by. */
export const sanitizeTitle = (title: string): string => sanitizeTitleWithDashes(removeAccents(title));

/**
 * sanitizeTitle, remembered: check_license compares every plugin's names with the request's on each call, and a
 * shop has a handful of names. A pure function of its text, so nothing can be stale; bounded by clearing.
 */
const remembered = new Map<string, string>();
export function sanitizeTitleRemembered(title: string): string {
  let sanitized = remembered.get(title);
  if (sanitized === undefined) {
    if (remembered.size >= 1000) remembered.clear();
    remembered.set(title, (sanitized = sanitizeTitle(title)));
  }
  return sanitized;
}

/** Decodes each run of `%XX` escapes; a run that is not UTF-8 stays as it was sent (a JavaScript string cannot hold raw bytes). */
const decodeEscapes = (value: string): string =>
  value.includes('%')
    ? value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      })
    : value;

/** PHP's rawurldecode(): each `%XX` its octet; a `+` stays a `+`. */
export const rawUrlDecode = (value: string): string => decodeEscapes(value);

/** PHP's urldecode(): `+` is a space, then each `%XX` its octet. */
export const urlDecode = (value: string): string => decodeEscapes(value.replaceAll('+', ' '));
