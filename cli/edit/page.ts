import { readFileSync } from 'node:fs';
import { projectPath } from '../paths.ts';
import { htmlLang, type EditorLanguage } from '../../schemas/editApi.ts';

/**
 * The editor's page: an empty shell for its app (editor/, React and @rjsf), which
 * scripts/compile.js bundles into dist/editor.js and dist/editor.css. Script and style are files
 * of their own, so the page keeps a CSP without inline scripts or styles.
 */
export const editorPagePath = '/';
export const editorScriptPath = '/editor.js';
export const editorStylePath = '/editor.css';

/** The page in the writer's language (`editorLanguage`): its `lang` is right before the app starts. */
export const editorPage = (language: EditorLanguage) => `<!doctype html>
<html lang="${htmlLang[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${language === 'zh_TW' ? '報告書內容編輯' : 'esg edit'}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${editorStylePath}">
<script type="module" src="${editorScriptPath}"></script>
</head>
<body>
<div id="editor"></div>
</body>
</html>
`;

/** The compiled app's files, read on first request: the editor starts without reading 750 KB it may not serve. */
const compiled = new Map<string, string>();

export function editorAsset(path: typeof editorScriptPath | typeof editorStylePath): string {
  const file = projectPath('dist', path.slice(1));
  if (!compiled.has(file)) compiled.set(file, readFileSync(file, 'utf8'));
  return compiled.get(file)!;
}
