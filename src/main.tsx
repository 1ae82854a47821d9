import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadConfig } from './config';
import { appTexts } from './i18n/zh-TW/app';
import { settleLiffAtBoot } from './lib/liff';
import { createQueryClient } from './lib/query-client';
import { spareReloadWhileOffline } from './lib/screen-code';
import { createAppRouter } from './router';
import './styles.css';

function showConfigProblems(root: HTMLElement, problems: string[]): void {
  const heading = document.createElement('h1');
  heading.textContent = appTexts.configErrorTitle;
  const intro = document.createElement('p');
  intro.textContent = appTexts.configErrorIntro;
  const list = document.createElement('ul');
  for (const key of problems) {
    const item = document.createElement('li');
    item.textContent = key;
    list.append(item);
  }
  root.replaceChildren(heading, intro, list);
  root.setAttribute('role', 'alert');
  root.className = 'p-6 text-danger';
}

async function boot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const config = loadConfig();
  if (!config.ok) {
    showConfigProblems(root, config.problems);
    return;
  }
  // LIFF settles LINE's query (liff.state, code) first; a LIFF failure must not keep the app from starting.
  const liffFailure = await settleLiffAtBoot();
  if (liffFailure) console.warn('LIFF init failed', liffFailure);
  spareReloadWhileOffline();
  const queryClient = createQueryClient();
  createRoot(root).render(<App router={createAppRouter(queryClient)} queryClient={queryClient} />);
}

void boot();
