import cluster from 'node:cluster';
import { buildApp } from './app';
import { type Config, DEMO_MEMBER, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { failureText } from './lib/logger';
import { OperatorError } from './lib/operator-error';
import { listenOrigin } from './lib/public-origin';
import { superviseWorkers } from './lib/workers';
import { ensureDemoMember } from './modules/members/service';

/** What one process says once for the whole server: the demo warnings. */
function warnAboutDemo(config: Config): void {
  if (config.demoKeys)
    console.warn('示範模式：未設定 CRM_SIGN_KEY／CRM_AES_KEY，使用內建示範金鑰（正式環境不可使用）。');
  if (config.demoLine) console.warn('示範模式：未設定 LIFF_ID，LINE 登入使用模擬 LIFF（正式環境不可使用）。');
}

/** Which database the server runs on (several processes are refused on PGlite). */
const databaseLine = (kind: Database['kind'], config: Config) =>
  kind === 'postgres' ? '資料庫：PostgreSQL（DATABASE_URL）' : `資料庫：PGlite（${config.dataDir}）`;

/** One server process: opens the database, listens, and stops cleanly on SIGTERM or SIGINT. */
async function serve(config: Config, { speaks }: { speaks: boolean }): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (speaks) {
    console.log(databaseLine(database.kind, config));
  }
  // Printed only when just created (by whichever process created it): by a later start the member may have changed the password.
  if (config.demoMode && (await ensureDemoMember(database.db, new Date()))) {
    console.log(`示範會員：帳號 ${DEMO_MEMBER.mobile}／密碼 ${DEMO_MEMBER.password}`);
  }

  const app = await buildApp({ config, database });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}：停止接受新連線，等待處理中的請求完成`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('關閉時發生錯誤：', error);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  if (speaks) console.log(`會員中心已啟動：${listenOrigin(config)}`);
}

async function start(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { speaks: false });
  warnAboutDemo(config);
  if (config.workers === 1) return serve(config, { speaks: true });
  console.log(databaseLine('postgres', config));
  await superviseWorkers(config.workers);
  console.log(`會員中心已啟動：${listenOrigin(config)}（${config.workers} 個行程）`);
}

/**
 * Why the server could not start, in one zh-TW line for whoever runs it: its own errors say it
 * already (a database unreachable among them); a port taken says which; anything else gets its
 * kind and code (never a stack, a query or a secret: `failureText`).
 */
function startFailure(error: unknown): string {
  if (error instanceof OperatorError) return error.message;
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE')
    return `連接埠 ${port} 已有其他程式在使用（可能是另一個會員中心），請先停止它，或以 PORT 改用其他連接埠。`;
  if (code === 'EACCES') return `沒有權限使用連接埠 ${port}，請以 PORT 改用 1024 以上的連接埠。`;
  return `會員中心無法啟動：${failureText(error)}`;
}

start().catch((error: unknown) => {
  console.error(startFailure(error));
  process.exit(1);
});
