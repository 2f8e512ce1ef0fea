// The licence e-mail a paid order sends (DESIGN.md section 7): key, plugin, signed download link, install
// steps and the support address, as plain text and HTML.

/** The storefront's support address and name (the web shows the same ones, web/lib/brand.ts). */
export const SUPPORT_EMAIL = 'support@8022.dev';
export const STORE_NAME = '8022 Plugins';
export const DOWNLOAD_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface LicenceEmailInput {
  pluginName: string;
  licenceKey: string;
  downloadUrl: string | null;
  accountUrl: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const installSteps = (pluginName: string): string[] => [
  `Download ${pluginName} with the link above (it is valid for 7 days).`,
  'In WordPress go to Plugins → Add New → Upload Plugin, choose the zip file and click Install Now.',
  'Activate the plugin, open its settings page and paste your licence key.',
  'Your licence covers up to 3 websites and includes lifetime updates.',
];

export function renderLicenceEmail(input: LicenceEmailInput): { subject: string; text: string; html: string } {
  const subject = `Your ${input.pluginName} licence key`;
  const download = input.downloadUrl
    ? `Download (valid for 7 days): ${input.downloadUrl}`
    : `Download: the first release is being prepared; we will e-mail you when it is ready (${input.accountUrl}).`;
  const steps = installSteps(input.pluginName);
  const text = [
    `Thank you for buying ${input.pluginName}!`,
    '',
    `Plugin: ${input.pluginName}`,
    `Licence key: ${input.licenceKey}`,
    '',
    download,
    '',
    'Install steps:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Need help? Write to ${SUPPORT_EMAIL} and we will answer within 24 hours.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">Thank you for buying ${escapeHtml(input.pluginName)}!</h1>
<p>Plugin: <strong>${escapeHtml(input.pluginName)}</strong></p>
<p>Licence key: <code style="font-size:16px;background:#f4f4f5;padding:2px 6px">${escapeHtml(input.licenceKey)}</code></p>
${
  input.downloadUrl
    ? `<p><a href="${escapeHtml(input.downloadUrl)}">Download ${escapeHtml(input.pluginName)}</a> (valid for 7 days)</p>`
    : '<p>The first release is being prepared; we will e-mail you when it is ready.</p>'
}
<h2 style="font-size:16px">Install steps</h2>
<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>Need help? Write to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a> and we will answer within 24 hours.</p>
<p>${STORE_NAME}</p>
</body></html>`;
  return { subject, text, html };
}
