import { describe, expect, it } from 'vitest';
import { wordpressClientSnippet } from './wordpress-client.js';

describe('wordpressClientSnippet', () => {
  it('builds a snippet whose quoted values cannot break out of PHP strings', () => {
    const snippet = wordpressClientSnippet({ serverUrl: "https://x.example.com/'); evil(); //", publicKey: 'KEY', slug: 'my-plugin', name: "Bob's \\ plugin" });
    expect(snippet).toContain("'server'      => 'https://x.example.com/\\'); evil(); //'");
    expect(snippet).toContain("'name'        => 'Bob\\'s \\\\ plugin'");
  });

  it("carries the shop's spelling and key prefix, quoted, and leaves out what is not set (issue 40)", () => {
    const base = { serverUrl: 'https://a.example', publicKey: 'K', slug: 'my-plugin', name: 'My' };
    const snippet = wordpressClientSnippet({ ...base, spelling: 'american', keyPrefix: 'SFP' });
    expect(snippet).toContain("\t'spelling'    => 'american',\n\t'key_prefix'  => 'SFP',\n) );");
    expect(wordpressClientSnippet({ ...base, spelling: 'british', keyPrefix: '' })).not.toContain('key_prefix');
    expect(wordpressClientSnippet(base)).not.toContain('spelling');
  });

  it('names the global after the slug', () => {
    expect(wordpressClientSnippet({ serverUrl: 'https://a.example', publicKey: 'K', slug: 'my-plugin', name: 'My' })).toContain(
      "$GLOBALS['my_plugin_licence']",
    );
  });
});
