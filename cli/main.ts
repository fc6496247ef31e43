import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errors } from './errorCatalogue.ts';
import { ContentErrors, UsageError, formatProblems, formatUsageError } from './errors.ts';
import { serveConfig, serveOptions, type ServeFlags } from './server/config.ts';

// Each command loads its code when it runs (compiled into chunks of its own): `esg --help` or a
// wrong option never waits for React, ajv, YAML or SQLite to load.
const pipeline = () => import('./build/index.ts');

/** Exit codes: 0 done, 1 content problems, 2 wrong use of the command. */
const exitCodes = { ok: 0, content: 1, usage: 2 } as const;

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return number;
}

function reportingYear(value: string): number {
  if (!/^20\d\d$/.test(value)) throw new InvalidArgumentError('must be a year such as 2024');
  return Number(value);
}

function months(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a whole number of months, 1 or more');
  return number;
}

/** `--database`, else DATABASE_URL: PostgreSQL for the forms instead of SQLite under --data. */
const databaseOption = () =>
  new Option('--database <url>', 'keep the forms in PostgreSQL (postgres://user:password@host/db) instead of SQLite under --data').env('DATABASE_URL');

/** Where the `esg forms` commands find the forms. */
const formsDatabase = (options: { data: string; database?: string }) => ({ dataDir: resolve(options.data), databaseUrl: options.database });

/** One catch for every command: user mistakes print a message, not a stack. */
function action<A extends unknown[]>(run: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await run(...args);
    } catch (error) {
      if (error instanceof ContentErrors) {
        console.error(formatProblems(error.problems));
        process.exitCode = exitCodes.content;
      } else if (error instanceof UsageError) {
        console.error(formatUsageError(error));
        process.exitCode = exitCodes.usage;
      } else {
        throw error;
      }
    }
  };
}

export function program(): Command {
  const esg = new Command('esg')
    .description('Builds, checks and serves the multilingual ESG report site.')
    .exitOverride()
    // commander's own messages (an unknown option, a missing argument) get the catalogue's code too.
    .configureOutput({ outputError: (text, write) => write(`esg: ${errors.badUsage.code} ${text.replace(/^error: /, '')}`) });

  esg
    .command('build')
    .description('validate the content and write the site into the output folder')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'out')
    .option(
      '--incremental',
      'render only the pages whose content, texts or code changed since the last build into the folder, as esg dev does (the site published should be built whole)',
    )
    .option('--clean', 'render every page (what a build does unless --incremental; kept for scripts)')
    .option('--compress', 'write a .br and a .gz copy beside every text file, for nginx and esg serve (CDNs compress by themselves)')
    .option('--pdf', 'print the report book of each locale into a PDF with Chromium, read it back and check every page number (needs Chromium)')
    .addHelpText(
      'after',
      '\nExample:\n  $ esg build --content content --out out\n  $ esg build --incremental   (only what changed, for a quick look)\n  $ esg build --compress   (for nginx or esg serve)\n  $ esg build --pdf   (the report PDFs too)',
    )
    .action(
      action(async (options: { content: string; out: string; incremental?: boolean; clean?: boolean; compress?: boolean; pdf?: boolean }) => {
        const { build } = await pipeline();
        if (options.pdf) await (await import('./build/stages/08-book/chromium.ts')).bookEngine();
        // What is published is whole: every page rendered, unless asked for an incremental build.
        const clean = options.clean === true || options.incremental !== true;
        await build({ contentDir: resolve(options.content), outDir: resolve(options.out), clean, compress: options.compress, pdf: options.pdf });
      }),
    );

  esg
    .command('pdf')
    .description('make the report PDFs of a built site: print, read back and check them, and put their page numbers on the index pages')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'the built site', 'out')
    .addHelpText('after', '\nExample:\n  $ esg build && esg pdf')
    .action(
      action(async (options: { content: string; out: string }) => {
        const outDir = resolve(options.out);
        if (!existsSync(outDir)) throw new UsageError(errors.noBuiltSite, options.out);
        await (await import('./build/stages/08-book/chromium.ts')).bookEngine();
        const { build } = await pipeline();
        // An incremental build into the built site: the PDFs are made, and only the pages whose page numbers changed are written again.
        await build({ contentDir: resolve(options.content), outDir, pdf: true });
      }),
    );

  esg
    .command('validate')
    .description('check the content only (schemas, locales, references); writes nothing')
    .option('--content <dir>', 'content folder', 'content')
    .addHelpText('after', '\nExample:\n  $ esg validate')
    .action(
      action(async (options: { content: string }) => {
        const { validate } = await pipeline();
        (await validate(resolve(options.content))).keepCaches();
        console.log('content is valid');
      }),
    );

  esg
    .command('preview')
    .description('serve the built site from the output folder, as a static host would')
    .option('--out <dir>', 'output folder', 'out')
    .option('--port <n>', 'port to listen on', port, 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--build', 'build the site first (after taking the port), as `npm start` does')
    .option('--content <dir>', 'content folder, with --build', 'content')
    .option('--pdf', 'with --build: make the report PDFs too, as `esg build --pdf`')
    .addHelpText('after', '\nExample:\n  $ esg preview --port 4173\n  $ esg preview --build --pdf   (build with the report PDFs, then serve)')
    .action(
      action(async (options: { out: string; port: number; host: string; build?: boolean; content: string; pdf?: boolean }) => {
        const { startPreview } = await import('./server/preview.ts');
        const outDir = resolve(options.out);
        if (options.build && options.pdf) await (await import('./build/stages/08-book/chromium.ts')).bookEngine();
        const buildFirst = options.build
          ? async () => (await pipeline()).build({ contentDir: resolve(options.content), outDir, clean: true, pdf: options.pdf })
          : undefined;
        const server = await startPreview(outDir, options.port, options.host, buildFirst);
        const address = server.address();
        const shown = typeof address === 'object' && address ? address.port : options.port;
        console.log(`Serving ${options.out} at http://localhost:${shown}`);
      }),
    );

  const serve = esg
    .command('serve')
    .description('serve the built site and receive the newsletter, quiz and survey forms into SQLite under the data folder, or PostgreSQL');
  // Each setting also comes from its environment variable (cli/server/config.ts): a flag wins over it.
  for (const { flag, description } of serveOptions) serve.option(flag, description);
  serve
    .addHelpText(
      'after',
      [
        '',
        'Each option also comes from the environment variable named beside it (a flag wins).',
        'DATABASE_URL (or --database) unset = SQLite under the data folder. docs/deploying.md tells more.',
        'GET /healthz answers 200 {"ok":true} while the database answers. One JSON line per request on stdout.',
        'SIGTERM or SIGINT: stops accepting, finishes the requests under way, closes the database, exits 0.',
        '',
        'Example:',
        '  $ esg serve --port 8080 --data /var/lib/esg',
        '  $ PORT=8080 ESG_TRUST_PROXY=1 ESG_ALLOWED_ORIGINS=https://esg.example.com esg serve',
        '  $ DATABASE_URL=postgres://esg:secret@db.internal/esg esg serve --port 8080',
      ].join('\n'),
    )
    .action(
      action(async (flags: ServeFlags) => {
        const config = serveConfig(flags, process.env);
        const { formsEndpoint, siteOrigin, startServe } = await import('./server/serve.ts');
        const { hasCompressedCopies } = await import('./siteFiles.ts');
        const { stopOnSignals } = await import('./server/shutdown.ts');
        const endpoint = formsEndpoint(config.contentDir);
        const origin = siteOrigin(config.contentDir);
        const running = await startServe({
          ...config,
          endpoint,
          rateLimit: { limit: config.rateLimit },
          allowedOrigins: [...(origin ? [origin] : []), ...config.allowedOrigins],
          log: (line) => process.stdout.write(`${line}\n`),
        });
        stopOnSignals(running.close, (text) => console.log(`esg serve: ${text}`));
        const address = running.server.address();
        const shown = typeof address === 'object' && address ? address.port : config.port;
        const host = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
        console.log(`Serving ${config.outDir} at http://${host}:${shown}; forms at ${endpoint}/subscribe|quiz|survey into ${running.store.database.location}`);
        if (!hasCompressedCopies(config.outDir))
          console.log(
            `esg serve: ${config.outDir} has no compressed copies, so text is compressed as it is sent: build it with \`esg build --compress\` to spare that work`,
          );
      }),
    );

  const forms = esg.command('forms').description('what visitors sent through the forms (SQLite under --data, or PostgreSQL with --database / DATABASE_URL)');
  /** An `esg forms` command: it finds the forms by --data (ESG_DATA_DIR) or --database (DATABASE_URL), as `esg serve` does. */
  const formsCommand = (name: string, description: string, ...examples: string[]) =>
    forms
      .command(name)
      .description(description)
      .addOption(new Option('--data <dir>', 'folder of the SQLite forms database').env('ESG_DATA_DIR').default('data'))
      .addOption(databaseOption())
      .addHelpText('after', `\nExample:\n${examples.map((example) => `  $ ${example}`).join('\n')}`);
  formsCommand(
    'export',
    'write the submissions of one form as CSV (UTF-8 with BOM), or everything stored under one address as JSON',
    'esg forms export --kind survey --out survey.csv',
    'esg forms export --email reader@example.com',
  )
    .option('--kind <kind>', 'subscribe, quiz or survey')
    .option('--email <address>', "one person's data (subscription, quiz records, survey answers) as JSON")
    .option('--out <file>', 'file to write (default: print to the terminal)')
    .action(
      action(async (options: { kind?: string; email?: string; out?: string; data: string; database?: string }) => {
        const { exportFormsCsv, exportPersonData } = await import('./forms/commands.ts');
        const out = options.out && resolve(options.out);
        if (options.email !== undefined && options.kind === undefined) return exportPersonData(formsDatabase(options), options.email, out);
        if (options.kind === undefined || options.email !== undefined)
          throw new UsageError(errors.badUsage, 'give either --kind subscribe|quiz|survey or --email ADDRESS');
        await exportFormsCsv(formsDatabase(options), options.kind, out);
      }),
    );
  formsCommand('stats', 'count the submissions of each form and the mean concern per survey topic', 'esg forms stats').action(
    action(async (options: { data: string; database?: string }) => {
      const { printFormsStats } = await import('./forms/commands.ts');
      await printFormsStats(formsDatabase(options));
    }),
  );
  formsCommand(
    'erase',
    "remove one person's data everywhere: the subscription, quiz records and survey answers under the address",
    'esg forms erase --email reader@example.com',
  )
    .requiredOption('--email <address>', 'the address (compared trimmed and lower-cased, as it was stored)')
    .action(
      action(async (options: { email: string; data: string; database?: string }) => {
        const { eraseFormsAddress } = await import('./forms/commands.ts');
        await eraseFormsAddress(formsDatabase(options), options.email);
      }),
    );
  formsCommand('retention', 'delete survey answers (and their ratings) stored more than N months ago', 'esg forms retention --months 24')
    .requiredOption('--months <n>', 'how many months survey answers are kept', months)
    .action(
      action(async (options: { months: number; data: string; database?: string }) => {
        const { applySurveyRetention } = await import('./forms/commands.ts');
        await applySurveyRetention(formsDatabase(options), options.months);
      }),
    );
  formsCommand(
    'backup',
    'copy the forms database into a file while it is in use (SQLite: an online backup; PostgreSQL: a JSON dump)',
    'esg forms backup --to backups/forms-$(date +%F).sqlite',
  )
    .requiredOption('--to <file>', 'the backup file to write')
    .action(
      action(async (options: { to: string; data: string; database?: string }) => {
        const { backupFormsTo } = await import('./forms/commands.ts');
        await backupFormsTo(formsDatabase(options), resolve(options.to));
      }),
    );
  formsCommand(
    'restore',
    'load a backup (SQLite file or JSON dump) into an empty forms database, SQLite or PostgreSQL',
    'esg forms restore backups/forms-2025-06-01.sqlite --data data-restored',
  )
    .argument('<file>', 'a file written by esg forms backup')
    .option('--force', 'replace what the database already holds with the backup')
    .action(
      action(async (file: string, options: { force?: boolean; data: string; database?: string }) => {
        const { restoreFormsFrom } = await import('./forms/commands.ts');
        await restoreFormsFrom(formsDatabase(options), resolve(file), options.force === true);
      }),
    );

  esg
    .command('dev')
    .description('build, serve and watch: rebuild on every change and reload the open pages; content errors show in the page')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'out')
    .option('--port <n>', 'port to listen on', port, 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addHelpText('after', '\nExample:\n  $ esg dev --port 4173')
    .action(
      action(async (options: { content: string; out: string; port: number; host: string }) => {
        const { startDev } = await import('./server/dev.ts');
        await startDev({ contentDir: resolve(options.content), outDir: resolve(options.out), port: options.port, host: options.host });
        console.log(`Watching ${options.content}, templates, widgets and schemas; serving at http://localhost:${options.port}`);
      }),
    );

  esg
    .command('edit')
    .description(
      'edit the content in the browser: a local editor on 127.0.0.1, with a random access token, that checks each save as the build does and rebuilds the preview',
    )
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder of the preview', 'out')
    .option('--port <n>', 'port to listen on', port, 4100)
    .option('--team', 'team mode: members sign in (esg users add), and their saves are reviewed and published instead of written to content/')
    .option('--host <host>', 'with --team: address to listen on (0.0.0.0 for every one); alone, the editor listens on 127.0.0.1 only', '127.0.0.1')
    .option('--data <dir>', "with --team: the team's folder (accounts, changes under review); never inside content/ or out/", '.esg-team')
    .option('--origin <url>', 'with --team: the address colleagues open behind a TLS proxy, e.g. https://esg.example.com')
    .option('--trusted-header <name>', 'with --team: take the signed-in account from this header of a reverse proxy (single sign-on), e.g. X-Remote-User')
    .option('--pdf', 'with --team: a publish also prints the report PDFs into the preview (needs Chromium: the one npm installs, or an installed one)')
    .addHelpText('after', '\nExample:\n  $ esg edit --port 4100\n  $ esg edit --team --host 0.0.0.0 --port 4100 --pdf   (accounts from esg users add)')
    .action(
      action(
        async (options: {
          content: string;
          out: string;
          port: number;
          team?: boolean;
          host: string;
          data: string;
          origin?: string;
          trustedHeader?: string;
          pdf?: boolean;
        }) => {
          const { startEdit } = await import('./edit/server.ts');
          if (!options.team && (options.origin !== undefined || options.trustedHeader !== undefined || options.host !== '127.0.0.1' || options.pdf))
            throw new UsageError(errors.badUsage, '--host, --origin, --trusted-header and --pdf are options of team mode: add --team');
          if (options.origin !== undefined && !/^https?:\/\/[^/]+$/.test(options.origin))
            throw new UsageError(errors.badUsage, `--origin "${options.origin}" is not an origin such as https://esg.example.com (no path)`);
          const team = options.team
            ? { dataDir: resolve(options.data), publicOrigin: options.origin, trustedHeader: options.trustedHeader, pdf: options.pdf }
            : undefined;
          const editor = await startEdit({ contentDir: resolve(options.content), outDir: resolve(options.out), port: options.port, host: options.host, team });
          console.log(
            team ? `Editing ${options.content} for the team at ${editor.url} (accounts in ${options.data})` : `Editing ${options.content} at ${editor.url}`,
          );
          if (options.trustedHeader && !['127.0.0.1', '::1', 'localhost'].includes(options.host))
            console.log(
              `esg edit: anybody who reaches ${options.host}:${options.port} directly can send ${options.trustedHeader}; let only the proxy reach it`,
            );
        },
      ),
    );

  const users = esg.command('users').description("the accounts of esg edit --team: each person's name, role and password (kept as a scrypt hash)");
  /** An `esg users` command: it finds the accounts under --data, refused inside content/ or out/. */
  const usersCommand = (name: string, description: string, example: string) =>
    users
      .command(name)
      .description(description)
      .option('--data <dir>', "the team's folder (accounts, changes under review); never inside content/ or out/", '.esg-team')
      .addHelpText('after', `\nExample:\n  $ ${example}`);
  const accounts = () => import('./edit/team/users.ts');
  const teamData = async (data: string) => (await import('./edit/team/accounts.ts')).teamFolder(data, ['content', 'out']);
  usersCommand(
    'add',
    'add an account; its password is read from standard input (one line)',
    'echo "$PASSWORD" | esg users add ana --role writer --email ana@example.com',
  )
    .argument('<name>', 'the name to sign in with: letters, digits, dots, dashes, underscores')
    .requiredOption('--role <role>', 'writer, reviewer or admin')
    .option('--email <address>', 'the address Git records with the name as the author of what this person published')
    .action(
      action(async (name: string, options: { role: string; email?: string; data: string }) =>
        (await accounts()).addUser(await teamData(options.data), name, options.role, options.email),
      ),
    );
  usersCommand('list', 'list the accounts: name, role and e-mail', 'esg users list').action(
    action(async (options: { data: string }) => (await accounts()).listUsers(await teamData(options.data))),
  );
  usersCommand('remove', 'remove an account; its sessions end', 'esg users remove ana')
    .argument('<name>', 'the account')
    .action(action(async (name: string, options: { data: string }) => (await accounts()).removeUser(await teamData(options.data), name)));
  usersCommand('reset', "set an account's password, read from standard input (one line)", 'echo "$PASSWORD" | esg users reset ana')
    .argument('<name>', 'the account')
    .action(action(async (name: string, options: { data: string }) => (await accounts()).resetUser(await teamData(options.data), name)));

  esg
    .command('check')
    .description('validate, build into a temporary folder and check every link and #fragment of the built site (what CI runs)')
    .option('--content <dir>', 'content folder', 'content')
    .option('--external', 'also check links to other sites', false)
    .addHelpText('after', '\nExample:\n  $ esg check\n  $ esg check --external')
    .action(
      action(async (options: { content: string; external: boolean }) => {
        const { checkSite, formatReport } = await import('./check.ts');
        const report = await checkSite({ contentDir: resolve(options.content), external: options.external });
        const text = formatReport(report);
        if (report.problems.length) {
          console.error(text);
          process.exitCode = exitCodes.content;
        } else {
          console.log(text);
        }
      }),
    );

  esg
    .command('assurance-pack')
    .description(
      'gather every assured figure of a year for the assurer: index.html, figures.xlsx and figures.csv with owner, source, method, evidence (copied, with SHA-256), history from Git and where each is published',
    )
    .argument('<year>', 'the reporting year, e.g. 2024', reportingYear)
    .option('--out <dir>', 'the pack folder (made, or an earlier pack replaced)')
    .option('--content <dir>', 'content folder', 'content')
    .option('--site <dir>', 'the built site, whose report PDFs give the printed pages', 'out')
    .addHelpText('after', '\nExample:\n  $ esg assurance-pack 2024\n  $ esg build --pdf && esg assurance-pack 2024 --out assurance-2024')
    .action(
      action(async (year: number, options: { out?: string; content: string; site: string }) => {
        const { assurancePack } = await import('./assurance/pack.ts');
        const outDir = resolve(options.out ?? `assurance-${year}`);
        const made = await assurancePack({ year, contentDir: resolve(options.content), outDir, siteDir: resolve(options.site) });
        console.log(
          `packed ${made.figures} assured figures of ${year} with ${made.evidence} evidence files into ${outDir}` +
            (made.incomplete ? `; ${made.incomplete} miss an owner, source, method or evidence (see index.html)` : '') +
            (made.printed ? '' : `; no report PDF in ${resolve(options.site)}: printed pages left out (esg build --pdf)`) +
            (made.uncommitted ? '; the content has changes not committed: commit them so that the pack names the version it holds' : ''),
        );
      }),
    );

  esg
    .command('deploy-config')
    .description(
      'write the files an nginx or S3 + CloudFront operator puts in place, from site.yaml and the code (Netlify, Cloudflare Pages and GitHub Pages read theirs from the built folder)',
    )
    .requiredOption('--host <host>', 'nginx, s3, netlify, cloudflare or github-pages')
    .option('--content <dir>', 'content folder', 'content')
    .option('--to <dir>', 'folder to write the files into (not the built folder: they are not for publishing)', 'hosting')
    .option('--no-brotli', 'nginx: leave out brotli_static, for an nginx without the brotli module')
    .addHelpText('after', '\nExample:\n  $ esg deploy-config --host nginx --to hosting/nginx\n  $ esg deploy-config --host s3 --to hosting/s3')
    .action(
      action(async (options: { host: string; content: string; to: string; brotli: boolean }) => {
        const [{ validate }, { hosts, publishedFilesOf, writeOperatorFiles }] = await Promise.all([pipeline(), import('./http/hosting.ts')]);
        const host = hosts.find((name) => name === options.host);
        if (!host) throw new UsageError(errors.badUsage, `--host "${options.host}" is not one of ${hosts.join(', ')}`);
        const { model } = await validate(resolve(options.content), { verbose: false });
        const written = writeOperatorFiles(host, model.site, resolve(options.to), { brotli: options.brotli });
        if (written.length) console.log(`wrote:\n  ${written.map((file) => join(options.to, file)).join('\n  ')}`);
        else
          console.log(
            `${host} reads ${publishedFilesOf[host].join(' and ')} from the built folder: \`esg build\` writes them, there is nothing else to set up`,
          );
      }),
    );

  esg
    .command('i18n')
    .description('translation coverage: per locale, which content is translated, converted from zh_TW or missing')
    .option('--content <dir>', 'content folder', 'content')
    .option('--json', 'print JSON for tools', false)
    .addHelpText('after', '\nExample:\n  $ esg i18n\n  $ esg i18n --json')
    .action(
      action(async (options: { content: string; json: boolean }) => {
        const [{ validate }, { formatCoverage, translationCoverage }] = await Promise.all([pipeline(), import('./i18n.ts')]);
        const { model, plan } = await validate(resolve(options.content), { verbose: false });
        const report = translationCoverage(model, plan);
        console.log(options.json ? JSON.stringify(report, null, 2) : formatCoverage(report));
      }),
    );

  esg
    .command('schema-hints')
    .description('start every YAML content file with a line naming its schema, for editor completion')
    .option('--content <dir>', 'content folder', 'content')
    .addHelpText('after', '\nExample:\n  $ esg schema-hints')
    .action(
      action(async (options: { content: string }) => {
        const { addSchemaHints } = await import('./scaffold.ts');
        const changed = addSchemaHints(resolve(options.content));
        console.log(changed.length ? `added schema hints to:\n  ${changed.join('\n  ')}` : 'every content file already names its schema');
      }),
    );

  esg
    .command('new')
    .description('create new content from an example')
    .command('event')
    .description('create an event in zh_TW and en with example front matter, and a cover to replace')
    .argument('<id>', 'the event id, also its address /event/<id>, e.g. 2025-beach-cleanup')
    .option('--content <dir>', 'content folder', 'content')
    .addHelpText('after', '\nExample:\n  $ esg new event 2025-beach-cleanup')
    .action(
      action(async (id: string, options: { content: string }) => {
        const { newEvent } = await import('./scaffold.ts');
        const written = newEvent(resolve(options.content), id);
        console.log(`created:\n  ${written.join('\n  ')}\nEdit the texts and the cover, then run esg build.`);
      }),
    );

  return esg;
}

export async function run(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
      return;
    }
    throw error;
  }
}
