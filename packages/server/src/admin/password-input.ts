import { createInterface } from 'node:readline';
import { Writable, type Readable } from 'node:stream';

/** Everything piped to stdin, as text. */
async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** One line typed on the terminal without echo. */
function askHidden(question: string, input: Readable, output: Writable): Promise<string> {
  return new Promise((resolve) => {
    let asked = false;
    // readline echoes every key to its output: only the question gets through.
    const echo = new Writable({
      write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void) {
        if (!asked) output.write(chunk, encoding);
        done();
      },
    });
    const rl = createInterface({ input, output: echo, terminal: true });
    rl.question(question, (answer) => {
      output.write('\n');
      rl.close();
      resolve(answer);
    });
    asked = true;
  });
}

/**
 * The new account's password: typed twice on a terminal (never echoed), or the first line of
 * stdin when it is piped (`printf '%s\n' "$PASSWORD" | sortie-admin create-admin …`). Never an
 * argument: a command line is visible to every user of the machine (ps) and kept in shell history.
 */
export async function readPassword(input: Readable & { isTTY?: boolean } = process.stdin, output: Writable = process.stderr): Promise<string> {
  if (!input.isTTY) return (await readAll(input)).split(/\r?\n/)[0] ?? '';
  const first = await askHidden('Mot de passe : ', input, output);
  const second = await askHidden('Confirmez le mot de passe : ', input, output);
  if (first !== second) throw new Error('Les deux mots de passe diffèrent.');
  return first;
}
