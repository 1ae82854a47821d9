import { buildApp } from './app';
import { ConfigError, DEMO_MEMBER, loadConfig } from './config';
import { openDatabase } from './db/client';
import { listenOrigin } from './lib/public-origin';
import { ensureDemoMember } from './modules/members/service';

async function start(): Promise<void> {
  const config = loadConfig();
  if (config.demoKeys)
    console.warn('示範模式：未設定 CRM_SIGN_KEY／CRM_AES_KEY，使用內建示範金鑰（正式環境不可使用）。');
  if (config.demoLine) console.warn('示範模式：未設定 LIFF_ID，LINE 登入使用模擬 LIFF（正式環境不可使用）。');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.log(
    database.kind === 'postgres' ? '資料庫：PostgreSQL（DATABASE_URL）' : `資料庫：PGlite（${config.dataDir}）`,
  );
  // Printed only when just created: by a later start the member may have changed the password.
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
  console.log(`會員中心已啟動：${listenOrigin(config)}`);
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
