import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { errors } from '../../errorCatalogue.ts';
import { UsageError } from '../../errors.ts';
import { displayPath } from '../../paths.ts';
import { writeAtomically } from '../document.ts';
import { teamRoles, type TeamMember, type TeamRole } from '../../../schemas/editApi.ts';

/** A password as kept: scrypt's parameters beside the salt and the hash, so stronger ones can come later without a migration. */
export interface PasswordHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: string;
}

export interface Account {
  name: string;
  role: TeamRole;
  email?: string;
  password: PasswordHash;
}

/** The roles that may do what `role` may, and more. */
export const atLeast = (member: TeamMember, role: TeamRole) => teamRoles.indexOf(member.role) >= teamRoles.indexOf(role);

/** The team folder's default, beside content/ and out/, never inside them (`teamFolder`). */
export const defaultTeamFolder = '.esg-team';

/** Shorter passwords are refused: eight characters is the floor NIST SP 800-63B sets. */
export const shortestPassword = 8;

/**
 * One of OWASP's equal scrypt settings, the one with the least memory (32 MB a check, not 128):
 * a burst of sign-ins must not exhaust the server's memory.
 */
const cost = { N: 2 ** 15, r: 8, p: 3 };
const hashLength = 32;

/**
 * The team folder, refused when it is inside a folder the site is built from or into: the
 * accounts' hashes and the drafts under review would be published with it.
 */
export function teamFolder(data: string, published: string[]): string {
  const folder = resolve(data);
  for (const outer of published) {
    const inside = relative(resolve(outer), folder);
    if (inside === '' || (!inside.startsWith('..') && !inside.startsWith(sep) && !/^[A-Za-z]:/.test(inside)))
      throw new UsageError(errors.teamDataPublished, displayPath(folder), displayPath(resolve(outer)));
  }
  return folder;
}

const accountsFile = (folder: string) => join(folder, 'accounts.json');

export function readAccounts(folder: string): Account[] {
  const file = accountsFile(folder);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { accounts: Account[] }).accounts : [];
}

/** Written whole, readable by its owner only: the hashes are no secret to give away. */
function writeAccounts(folder: string, accounts: Account[]): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = accountsFile(folder);
  writeAtomically(file, `${JSON.stringify({ accounts }, null, 2)}\n`);
  chmodSync(file, 0o600);
}

export function findAccount(folder: string, name: string): Account | undefined {
  return readAccounts(folder).find((account) => account.name === name);
}

/** The member of an account (never its password's hash), read again at each request: a removed account or a changed role counts at once. */
export function findMember(folder: string, name: string | undefined): TeamMember | undefined {
  const account = name === undefined ? undefined : findAccount(folder, name);
  return account && { name: account.name, role: account.role, ...(account.email ? { email: account.email } : {}) };
}

export function checkRole(role: string): TeamRole {
  const known = teamRoles.find((candidate) => candidate === role);
  if (!known) throw new UsageError(errors.badRole, role, teamRoles);
  return known;
}

export async function addAccount(folder: string, name: string, role: TeamRole, password: string, email?: string): Promise<void> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(name)) throw new UsageError(errors.badAccountName, name);
  const accounts = readAccounts(folder);
  if (accounts.some((account) => account.name === name)) throw new UsageError(errors.accountExists, name);
  writeAccounts(folder, [...accounts, { name, role, ...(email ? { email } : {}), password: await hashPassword(password) }]);
}

export function removeAccount(folder: string, name: string): void {
  const accounts = readAccounts(folder);
  if (!accounts.some((account) => account.name === name)) throw new UsageError(errors.noSuchAccount, name, displayPath(folder));
  writeAccounts(
    folder,
    accounts.filter((account) => account.name !== name),
  );
}

export async function resetPassword(folder: string, name: string, password: string): Promise<void> {
  const accounts = readAccounts(folder);
  const account = accounts.find((candidate) => candidate.name === name);
  if (!account) throw new UsageError(errors.noSuchAccount, name, displayPath(folder));
  account.password = await hashPassword(password);
  writeAccounts(folder, accounts);
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  if (password.length < shortestPassword) throw new UsageError(errors.weakPassword, password.length, shortestPassword);
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return { algorithm: 'scrypt', ...cost, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** Whether `password` is the account's, compared in constant time. */
export async function isPassword(password: string, kept: PasswordHash): Promise<boolean> {
  const hash = Buffer.from(kept.hash, 'base64');
  const given = await derive(password, Buffer.from(kept.salt, 'base64'), kept, hash.length);
  return timingSafeEqual(given, hash);
}

function derive(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }, length = hashLength): Promise<Buffer> {
  // scrypt needs 128 × N × r bytes; Node refuses more than 32 MB unless told.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((done, fail) => scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? fail(error) : done(key))));
}
