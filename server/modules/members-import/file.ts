import { isUtf8 } from 'node:buffer';
import { accessSync, constants, createReadStream, statSync } from 'node:fs';
import { escaped } from './quoted';

// What makes a file unreadable as a whole is said before the database is opened, so nothing is
// written from it: a directory or a pipe (which the line count would drain before the import
// reads it), and a file that is not UTF-8 text. Excel in Taiwan saves CSV as Big5 by default,
// and a Big5 name read as UTF-8 becomes U+FFFD for good: a later corrected run would find the
// member already there.

/** Why `path` is no file the import can open, or null. `shown` is the path as the operator wrote it. */
export function notAFileProblem(path: string, shown: string): string | null {
  try {
    if (!statSync(path).isFile())
      return `${escaped(shown)} 不是一般檔案（目錄、裝置或管線無法匯入），請指定 CSV 檔的路徑`;
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `找不到檔案 ${escaped(shown)}` : `無法讀取檔案 ${escaped(shown)}（${code}）`;
  }
}

const resave = (from: string) =>
  `請另存為 UTF-8 後再匯入：Excel 請選「CSV UTF-8（逗號分隔）」，或執行 iconv -f ${from} -t utf-8 原檔.csv > 新檔.csv`;

const startsWithUtf16Mark = (bytes: Buffer) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** Why the file is not UTF-8 text (a UTF-8 byte-order mark is fine), or null when it is. */
export async function encodingProblem(path: string, shown: string): Promise<string | null> {
  const utf16 = `${escaped(shown)} 是 UTF-16 編碼，不是 UTF-8。\n${resave('utf-16')}`;
  const notUtf8 = (line: number) =>
    `${escaped(shown)} 不是 UTF-8 編碼（第 ${line} 行起），可能是 Excel 存成的 Big5。\n${resave('big5')}`;
  const nul = (line: number) =>
    `${escaped(shown)} 第 ${line} 行含有 NUL 字元（\\0，常見於舊系統匯出時補齊欄寬），請刪除這些字元後再匯入：tr -d '\\000' < 原檔.csv > 新檔.csv`;
  let line = 1;
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    if (line === 1 && startsWithUtf16Mark(bytes)) return utf16;
    // UTF-16 without a mark: every ASCII character comes with a NUL, a good part of the bytes.
    if (line === 1 && looksLikeUtf16(bytes)) return utf16;
    // A line feed is never part of a UTF-8 sequence, so each line is checked on its own.
    let from = 0;
    for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, from)) {
      const text = bytes.subarray(from, end);
      if (text.includes(0)) return nul(line);
      if (!isUtf8(text)) return notUtf8(line);
      line++;
      from = end + 1;
    }
    rest = bytes.subarray(from);
  }
  if (rest.includes(0)) return nul(line);
  if (isUtf8(rest)) return null;
  // An export or a copy stopped in the middle of a character: Big5's advice would garble the file.
  if (endsInPartOfACharacter(rest))
    return `${escaped(shown)} 在第 ${line} 行的最後一個字中途結束：檔案可能沒有完整匯出或複製，請重新匯出後再匯入`;
  return notUtf8(line);
}

/** Whether `bytes` are UTF-8 but for the last character, cut short (a decoder still waiting for the rest). */
function endsInPartOfACharacter(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * UTF-16 text that is mostly ASCII (a CSV's digits, commas and dates) has a NUL in nearly every
 * other byte; a UTF-8 export padded with a few NULs (an old system's fixed-width fields) does not,
 * and calling it UTF-16 would send the operator to a conversion that garbles the whole file.
 */
function looksLikeUtf16(bytes: Buffer): boolean {
  const start = bytes.subarray(0, 4096);
  let nuls = 0;
  for (const byte of start) if (byte === 0) nuls++;
  return nuls * 4 >= start.length;
}
