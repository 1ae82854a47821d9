import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { measureAbuse } from './abuse';
import { kib, loadBudget, overBudget } from './budget';
import { MEASURE_SECONDS } from './config';
import { type ImportFigures, measureImport, type Timing } from './import';
import { LIGHTHOUSE_RUNS, measureLighthouse } from './lighthouse';
import type { LoadResult } from './load';
import { measureProcesses, type ProcessFigures } from './processes';
import { kibText, ms, perSecond, ratio, table } from './report';
import { measurePageScripts } from './size';
import { measureTaps, TAP_RUNS, type TapFigures } from './taps';
import { measureThroughput } from './throughput';

const loadAverage = () => loadavg()[0]?.toFixed(2) ?? '?';
const log = (line: string) => console.error(`  · ${line}`);

type PageScripts = Awaited<ReturnType<typeof measurePageScripts>>;

const measurePages = () => measurePageScripts(log, loadBudget().screens);

/** Tables 3 and 3b, and the budget's verdict on them: one message per case over its limit. */
function reportSizes({ browser, line, screens, builtAt }: PageScripts): string[] {
  const budget = loadBudget();
  console.log(
    `\n3. JavaScript loaded by /login (gzip -9, sum of every script response; sent: bytes on the wire with the ` +
      `server's own compression; dist/ of ${builtAt.toISOString()})`,
  );
  console.log(
    table(
      ['case', 'scripts', 'raw', 'gzip', 'sent', 'budget'],
      [browser, line].map((page, i) => [
        i === 0 ? 'mobile browser' : 'LINE in-app browser (LIFF at boot)',
        String(page.scripts.length),
        kibText(page.scripts.reduce((sum, s) => sum + s.rawBytes, 0)),
        kibText(page.gzipBytes),
        kibText(page.sentBytes),
        `${i === 0 ? budget.browserKiB : budget.lineKiB} KiB`,
      ]),
    ),
  );
  const blocked = [...browser.blocked, ...line.blocked];
  if (blocked.length > 0) console.log(`(other origins blocked, not counted: ${blocked.join(', ')})`);
  console.log('\n3b. JavaScript loaded by the other screens a member arrives at, mobile browser (gzip -9, as above)');
  console.log(
    table(
      ['screen', 'scripts', 'raw', 'gzip', 'sent', 'budget'],
      budget.screens.map((screen, i) => {
        const page = screens[i];
        return [
          `${screen.path}${screen.signedIn ? ' (signed in)' : ''}`,
          String(page?.scripts.length ?? 0),
          kibText(page?.scripts.reduce((sum, s) => sum + s.rawBytes, 0) ?? 0),
          kibText(page?.gzipBytes ?? 0),
          kibText(page?.sentBytes ?? 0),
          `${screen.KiB} KiB`,
        ];
      }),
    ),
  );
  const problems = overBudget(budget, {
    browserBytes: browser.gzipBytes,
    lineBytes: line.gzipBytes,
    screenBytes: screens.map((page) => page.gzipBytes),
  });
  for (const problem of problems) console.error(`\nOVER BUDGET: ${problem}`);
  return problems;
}

const RESULTS_FILE = 'bench/results/latest.json';

/** Every figure of the run, for comparing runs by machine (bench/README.md says how to read it). */
function writeResults(results: Record<string, unknown>): void {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`(every figure written to ${RESULTS_FILE})`);
}

/** Table 6: whole server processes as `npm start` runs them. */
function reportProcesses({ starts, workers, skipped }: ProcessFigures): void {
  const bare = starts[0];
  console.log(
    '\n6. Whole processes (node build/server/main.js): time to the first healthy answer and idle memory, median of 3',
  );
  console.log(
    table(
      ['process', 'start', 'vs bare', 'RSS idle', 'vs bare'],
      starts.map((figure) => [
        figure.title,
        ms(figure.startMs),
        bare ? ratio(figure.startMs, bare.startMs) : '–',
        `${Math.round(figure.rssMiB)} MiB`,
        bare ? ratio(figure.rssMiB, bare.rssMiB) : '–',
      ]),
    ),
  );
  if (workers) {
    console.log('\n7. Signed get_member_profile on PostgreSQL, WORKERS=2 vs WORKERS=1 (20 connections)');
    console.log(
      table(
        ['server', 'req/s', 'p99', 'vs 1 worker'],
        [
          ['WORKERS=1', perSecond(workers.one.requestsPerSecond), ms(workers.one.p99Ms), '1×'],
          [
            'WORKERS=2',
            perSecond(workers.two.requestsPerSecond),
            ms(workers.two.p99Ms),
            ratio(workers.two.requestsPerSecond, workers.one.requestsPerSecond),
          ],
        ],
      ),
    );
  }
  for (const reason of skipped) console.log(`(skipped: ${reason})`);
}

/** Table 8: the legacy import against hashing the same birthday passwords alone. */
function reportImport({ members, hashing, hashingRuns, imports }: ImportFigures): void {
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  const ratio = (value: number) => `${value.toFixed(3)}×`;
  const row = (work: string, timing: Timing) => [
    work,
    seconds(timing.seconds),
    ms((timing.seconds * 1000) / members),
    ratio(timing.seconds / hashing.seconds),
    seconds(timing.cpuSeconds),
    ratio(timing.cpuSeconds / hashing.cpuSeconds),
  ];
  console.log(
    `\n8. members:import of ${members} legacy members vs hashing their birthday passwords alone (one per core; the floor is the mean of the first and last)`,
  );
  console.log(
    table(
      ['work', 'time', 'per member', 'vs hashing', 'CPU, this process', 'CPU vs hashing'],
      [
        row('argon2id hashes alone, first', hashingRuns[0]),
        row('argon2id hashes alone, last', hashingRuns[1]),
        ...imports.map((figure) => row(`import, ${figure.database}`, figure)),
      ],
    ),
  );
}

/** `npm run bench -- import`: only table 8 (IMPORT_MEMBERS=100000 for the full-size figure). */
async function importOnly(): Promise<number> {
  reportImport(await measureImport(log));
  return 0;
}

/** Table 9: a member's taps on a slow link, the first time and again (the floor). */
function reportTaps(figures: TapFigures[]): void {
  console.log(
    `\n9. Taps on a slow link (400 ms round trip, 1.6 Mbps): from the tap to what it starts, median of ${TAP_RUNS} fresh phones; ` +
      'again: the same tap once everything it needs is on the page',
  );
  console.log(
    table(
      ['tap', 'first', 'again', 'vs again'],
      figures.map((f) => [f.tap, ms(f.firstMs), ms(f.againMs), ratio(f.firstMs, f.againMs)]),
    ),
  );
}

/** `npm run bench -- taps`: only table 9. */
async function tapsOnly(): Promise<number> {
  reportTaps(await measureTaps(log));
  return 0;
}

/** `npm run bench -- processes`: only the whole-process figures. */
async function processesOnly(): Promise<number> {
  reportProcesses(await measureProcesses(log));
  return 0;
}

/** `npm run bench -- size`: only the pages' JavaScript against its budget (CI runs it after the e2e build). */
async function sizeOnly(): Promise<number> {
  const problems = reportSizes(await measurePages());
  console.log(`\nSUMMARY: ${problems.length === 0 ? 'size budget OK' : 'OVER SIZE BUDGET'}`);
  return problems.length === 0 ? 0 : 1;
}

/** `npm run bench -- web`: the page figures: their JavaScript against its budget, and Lighthouse on the first screens. */
async function web(): Promise<number> {
  const problems = reportSizes(await measurePages());
  reportTaps(await measureTaps(log));
  const figures = await measureLighthouse(log);
  console.log(
    `\n5. Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs per page`,
  );
  console.log(
    table(
      ['page', 'performance', 'LCP', 'TBT', 'CLS', 'largest paint'],
      figures.map((f) => [f.page, String(f.performance), ms(f.lcpMs), ms(f.tbtMs), f.cls.toFixed(3), f.lcpElement]),
    ),
  );
  const summary = figures.map((f) => `${f.page} ${f.performance} LCP ${ms(f.lcpMs)} TBT ${ms(f.tbtMs)}`).join(' | ');
  console.log(`\nSUMMARY: ${summary} | ${problems.length === 0 ? 'size budget OK' : 'OVER SIZE BUDGET'}`);
  return problems.length === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'size') return sizeOnly();
  if (process.argv[2] === 'web') return web();
  if (process.argv[2] === 'processes') return processesOnly();
  if (process.argv[2] === 'import') return importOnly();
  if (process.argv[2] === 'taps') return tapsOnly();
  const started = Date.now();
  console.log(
    `bench: ${new Date().toISOString()}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}, ${MEASURE_SECONDS} s per figure`,
  );
  console.log(`load average (1 min) before the run: ${loadAverage()}; well above 0 means other work shared the cores`);
  const { profile, profilePostgres, tokenReadPostgres, redirect, bare, login, loginPostgres, argon2 } =
    await measureThroughput(log);
  const sizes = await measurePages();
  const { browser, line } = sizes;
  const taps = await measureTaps(log);
  const abuse = await measureAbuse(log);
  const processes = await measureProcesses(log);
  const legacyImport = await measureImport(log);

  console.log('\n1. Signed, token-checked reads vs a bare Fastify route (10 connections each)');
  const read = (title: string, result: LoadResult) => [
    title,
    perSecond(result.requestsPerSecond),
    ms(result.p99Ms),
    ratio(result.requestsPerSecond, bare.requestsPerSecond),
  ];
  console.log(
    table(
      ['target', 'req/s', 'p99', 'vs bare'],
      [
        read('POST /api/member/get_member_profile, PGlite', profile),
        ...(profilePostgres ? [read('POST /api/member/get_member_profile, PostgreSQL', profilePostgres)] : []),
        [
          'GET /api/member/redirect_location',
          perSecond(redirect.requestsPerSecond),
          ms(redirect.p99Ms),
          ratio(redirect.requestsPerSecond, bare.requestsPerSecond),
        ],
        ['GET / bare Fastify {ok:true}', perSecond(bare.requestsPerSecond), ms(bare.p99Ms), '1×'],
        ...(tokenReadPostgres
          ? [read('its token-and-member statement alone, PostgreSQL, no HTTP', tokenReadPostgres)]
          : []),
      ],
    ),
  );
  if (profilePostgres && tokenReadPostgres) {
    console.log(
      `get_member_profile on PostgreSQL ÷ its statement alone: ${ratio(profilePostgres.requestsPerSecond, tokenReadPostgres.requestsPerSecond)} ` +
        '(the database round trip is the floor of a read that checks its token on every call)',
    );
  }
  const loginRow = (title: string, result: LoadResult) => [
    title,
    perSecond(result.requestsPerSecond),
    ms(result.p99Ms),
    ratio(result.requestsPerSecond, argon2.verifiesPerSecond),
  ];
  console.log(`\n2. Login vs raw argon2id verify (login: 8 connections; argon2: ${argon2.concurrency} in flight)`);
  console.log(
    table(
      ['target', 'per second', 'p99', 'vs argon2'],
      [
        loginRow('POST /app-api/member/login, PGlite', login),
        ...(loginPostgres ? [loginRow('POST /app-api/member/login, PostgreSQL', loginPostgres)] : []),
        ['argon2id verify (19 MiB, t=2, p=1)', perSecond(argon2.verifiesPerSecond), '–', '1×'],
      ],
    ),
  );
  const problems = reportSizes(sizes);

  console.log('\n4. Abuse: bursts from one client address against the shipped limits (20 in flight)');
  const evaluated = (answers: Record<string, number>) =>
    (answers.C01 ?? 0) + (answers.PASSWORD_INCORRECT ?? 0) + (answers.ACCOUNT_LOCKED ? 1 : 0);
  console.log(
    table(
      ['burst', 'sent', 'evaluated', 'refused', 'answers'],
      abuse.map(({ title, sent, answers }) => [
        title,
        String(sent),
        String(evaluated(answers)),
        String(sent - evaluated(answers)),
        Object.entries(answers)
          .map(([rc, n]) => `${rc} ${n}`)
          .join(', '),
      ]),
    ),
  );
  console.log(
    '(evaluated: answers that ran a password check or sent an SMS; the fifth wrong password answers ACCOUNT_LOCKED and counts once)',
  );

  reportProcesses(processes);
  reportImport(legacyImport);
  reportTaps(taps);
  if (!profilePostgres)
    console.log('(skipped: get_member_profile and login on PostgreSQL: BENCH_DATABASE_URL is not set)');
  writeResults({
    measuredAt: new Date().toISOString(),
    cores: availableParallelism(),
    node: process.version,
    seconds: MEASURE_SECONDS,
    memberProfile: { ...profile, vsBare: profile.requestsPerSecond / bare.requestsPerSecond },
    memberProfilePostgres: profilePostgres && {
      ...profilePostgres,
      vsBare: profilePostgres.requestsPerSecond / bare.requestsPerSecond,
      vsTokenRead: tokenReadPostgres && profilePostgres.requestsPerSecond / tokenReadPostgres.requestsPerSecond,
    },
    tokenReadPostgres: tokenReadPostgres && {
      ...tokenReadPostgres,
      vsBare: tokenReadPostgres.requestsPerSecond / bare.requestsPerSecond,
    },
    redirectLocation: { ...redirect, vsBare: redirect.requestsPerSecond / bare.requestsPerSecond },
    bare,
    login: { ...login, vsArgon2: login.requestsPerSecond / argon2.verifiesPerSecond },
    loginPostgres: loginPostgres && {
      ...loginPostgres,
      vsArgon2: loginPostgres.requestsPerSecond / argon2.verifiesPerSecond,
    },
    argon2,
    loginPageGzipKiB: { browser: kib(browser.gzipBytes), line: kib(line.gzipBytes) },
    screenGzipKiB: Object.fromEntries(
      loadBudget().screens.map((screen, i) => [screen.path, kib(sizes.screens[i]?.gzipBytes ?? 0)]),
    ),
    abuse,
    processes,
    legacyImport,
    taps,
  });

  const summaryLogin = loginPostgres ?? login;
  console.log(
    `\nSUMMARY: get_member_profile ${perSecond((profilePostgres ?? profile).requestsPerSecond)} ` +
      `(${ratio((profilePostgres ?? profile).requestsPerSecond, bare.requestsPerSecond)} bare, ${profilePostgres ? 'PostgreSQL' : 'PGlite'}) | ` +
      `redirect_location ${perSecond(redirect.requestsPerSecond)} p99 ${ms(redirect.p99Ms)} ` +
      `(${ratio(redirect.requestsPerSecond, bare.requestsPerSecond)} bare) | login ${perSecond(summaryLogin.requestsPerSecond)} ` +
      `(${ratio(summaryLogin.requestsPerSecond, argon2.verifiesPerSecond)} argon2 ${perSecond(argon2.verifiesPerSecond)}, ` +
      `${loginPostgres ? 'PostgreSQL' : 'PGlite'}) | ` +
      `/login JS ${kib(browser.gzipBytes).toFixed(1)} KiB browser, ${kib(line.gzipBytes).toFixed(1)} KiB LINE gzip | ` +
      `${problems.length === 0 ? 'size budget OK' : 'OVER SIZE BUDGET'} | ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
