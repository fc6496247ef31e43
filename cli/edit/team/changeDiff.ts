import type { ChangedValue, ChangeDiff } from '../../../schemas/editApi.ts';
import { existsSync } from 'node:fs';
import { existingOrNewFileAt, isRefusal } from '../contentFiles.ts';
import { fileData, openBytes, openFile } from '../document.ts';
import { changedFields, type Version } from '../history.ts';
import { uploaded, type Change, type TeamChanges } from './changes.ts';

/**
 * What a change would publish, file by file, for its reviewer: each changed field with its value
 * in content/ now and in the change (`before` absent for a file the change makes), and the item of
 * a list it is in by its name (a metric's label, an event's title), so that 2024 of
 * metrics/212/values reads as a figure of 範疇一溫室氣體排放量.
 */
export function changeDiff(changes: TeamChanges, contentDir: string, change: Change): ChangeDiff {
  return {
    files: change.files.map(({ path, base }) => {
      // A picture or an evidence file uploaded into the change: in content/ already, shown by its name.
      if (base === uploaded) return { path, made: true, values: [] };
      const file = existingOrNewFileAt(contentDir, path);
      if (isRefusal(file)) return { path, made: false, values: [] };
      const before: Version | undefined = existsSync(file.absolute) ? fileData(openFile(file)) : undefined;
      const after: Version = fileData(openBytes(file, changes.text(change, path)));
      const values = changedFields(before ?? { data: {} }, after).map((field): ChangedValue => {
        const parts = field.split('/');
        const item = itemName(after.data, parts) ?? itemName(before?.data, parts);
        const was = field === 'body' ? before?.body : valueAt(before?.data, parts);
        const now = field === 'body' ? after.body : valueAt(after.data, parts);
        return { field, ...(item ? { item } : {}), ...(was === undefined ? {} : { before: shown(was) }), ...(now === undefined ? {} : { after: shown(now) }) };
      });
      return { path, made: !before, values };
    }),
  };
}

function valueAt(data: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), data);
}

/** The name of the first list item on the path: its label (in Traditional Chinese first), title, name or id. */
function itemName(data: unknown, parts: string[]): string | undefined {
  const at = parts.findIndex((part) => /^\d+$/.test(part));
  if (at < 0) return undefined;
  const item = valueAt(data, parts.slice(0, at + 1));
  if (typeof item !== 'object' || item === null) return undefined;
  const { label, title, name, id } = item as Record<string, unknown>;
  const named = [label, title, name].map((value) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>).zh_TW : value));
  return [...named, id].find((value): value is string => typeof value === 'string' && value !== '');
}

/** A value as the reviewer reads it: a text as it is, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
