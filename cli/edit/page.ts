/**
 * The editor's page until its form editor exists: the content files by group and locale with
 * their translation status, each linked to its JSON, and the preview's build events. Its script
 * is a file of its own, so the page keeps a CSP without inline scripts.
 */
export const editorPagePath = '/';
export const editorScriptPath = '/editor.js';

export const editorPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>esg edit</title>
<link rel="icon" href="data:,">
<script src="${editorScriptPath}" defer></script>
</head>
<body>
<h1>esg edit</h1>
<p id="status">Loading the content files…</p>
<main id="files"></main>
</body>
</html>
`;

export const editorScript = `(() => {
  const status = document.getElementById('status');
  const files = document.getElementById('files');
  const element = (tag, text) => { const node = document.createElement(tag); if (text !== undefined) node.textContent = text; return node; };
  const translation = (counterpart) => !counterpart.exists ? 'missing' : counterpart.stale ? 'stale' : 'up to date';
  fetch('/api/files').then((response) => response.json()).then(({ files: list }) => {
    const groups = new Map();
    for (const file of list) groups.set(file.group, [...(groups.get(file.group) || []), file]);
    for (const [group, members] of groups) {
      files.append(element('h2', group));
      const table = element('table');
      const head = element('tr');
      for (const title of ['file', 'locale', 'en', 'zh_CN', 'changed']) head.append(element('th', title));
      table.append(head);
      for (const file of members) {
        const row = element('tr');
        const link = element('a', file.path);
        link.href = '/api/files/' + file.path.split('/').map(encodeURIComponent).join('/');
        const name = element('td');
        name.append(link);
        row.append(name, element('td', file.locale || '(site)'), element('td', file.translations ? translation(file.translations.en) : ''), element('td', file.translations ? translation(file.translations.zh_CN) : ''), element('td', file.changed.slice(0, 16).replace('T', ' ') + ' (' + file.changedBy + ')'));
        table.append(row);
      }
      files.append(table);
    }
    status.textContent = list.length + ' content files.';
  }, (error) => { status.textContent = 'Could not list the files: ' + error; });
  const events = new EventSource('/api/events');
  events.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'saved') status.textContent = 'Saved ' + message.path + '; building…';
    if (message.type === 'built') status.textContent = 'Built ' + message.pages.length + ' pages in ' + message.ms + ' ms.';
    if (message.type === 'error') status.textContent = 'The preview was not built: ' + (message.message || message.problems.map((problem) => problem.file + ':' + problem.line + ' ' + problem.field + ' ' + problem.message).join('; '));
  };
})();
`;
