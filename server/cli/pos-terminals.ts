// npm run pos:add-terminal -- --name NAME      adds a store till and prints its id and API key once
// npm run pos:list-terminals                   lists the tills (never their keys)
// npm run pos:revoke-terminal -- --id ID       ends a till's key at once
// The tills call POST /pos-api/v1/member_card/verify with `Authorization: Bearer <API key>`.
import { taipeiTimestamp } from '#protocol';
import { addTerminal, listTerminals, revokeTerminal, terminalNameProblem } from '../modules/member-card/service';
import { openCliDatabase, readOptions, refusalOf, revokedState, runCli } from './run';

const COMMANDS = {
  add: {
    name: 'pos:add-terminal',
    usage: 'npm run pos:add-terminal -- --name "信義店 1 號機"',
    action: '新增收銀機',
  },
  list: { name: 'pos:list-terminals', usage: 'npm run pos:list-terminals', action: '列出收銀機' },
  revoke: {
    name: 'pos:revoke-terminal',
    usage: 'npm run pos:revoke-terminal -- --id ID',
    action: '停用收銀機',
  },
} as const;
type Command = keyof typeof COMMANDS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Each command takes only its own option: `pos:list-terminals --name 信義店` is refused, not ignored.
const OPTIONS: Record<Command, string[]> = { add: ['name'], list: [], revoke: ['id'] };

async function run(command: Command, args: string[]): Promise<number> {
  const { name: commandName, usage } = COMMANDS[command];
  const read = readOptions(args, OPTIONS[command]);
  const refuse = refusalOf(commandName, usage);
  if ('problem' in read) return refuse(read.problem);
  const [name = '', id = ''] = [read.values.name?.[0], read.values.id?.[0]];
  if (command === 'add') {
    const problem = terminalNameProblem(name);
    if (problem) return refuse(`--name ${problem}`);
  }
  if (command === 'revoke' && !UUID.test(id)) return refuse('--id 須為收銀機代號（pos:list-terminals 可查）');
  const database = await openCliDatabase();
  try {
    if (command === 'add') return await add(database.db, name);
    if (command === 'list') return await list(database.db);
    return await revoke(database.db, id);
  } finally {
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openCliDatabase>>['db'];

async function add(db: Db, name: string): Promise<number> {
  const till = await addTerminal(db, name, new Date());
  console.log(`已新增收銀機「${name.trim()}」。`);
  console.log(`收銀機代號：${till.id}`);
  console.log(`API 金鑰：  ${till.apiKey}`);
  console.log('金鑰只顯示這一次（伺服器只保存雜湊值），請立即設定到收銀機。');
  console.log('呼叫方式：POST /pos-api/v1/member_card/verify，標頭 Authorization: Bearer <API 金鑰>');
  return 0;
}

async function list(db: Db): Promise<number> {
  const tills = await listTerminals(db);
  if (tills.length === 0) {
    console.log('尚無收銀機。新增：npm run pos:add-terminal -- --name "信義店 1 號機"');
    return 0;
  }
  for (const till of tills) {
    console.log(`${till.id}  ${till.name}  新增於 ${taipeiTimestamp(till.createdAt)}  ${revokedState(till.revokedAt)}`);
  }
  return 0;
}

async function revoke(db: Db, id: string): Promise<number> {
  if (!(await revokeTerminal(db, id, new Date()))) {
    console.error(`pos:revoke-terminal：沒有使用中的收銀機 ${id}（pos:list-terminals 可查）`);
    return 1;
  }
  console.log(`已停用收銀機 ${id}：它的 API 金鑰立即失效，過去的掃描紀錄仍保留。`);
  return 0;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'add' || command === 'list' || command === 'revoke') {
  runCli(COMMANDS[command].name, COMMANDS[command].action, () => run(command, args));
} else {
  console.error('用法：npm run pos:add-terminal | pos:list-terminals | pos:revoke-terminal');
  process.exit(2);
}
