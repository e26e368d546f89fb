/**
 * Runs a Dockerfile's own steps without a container runtime (none can be reached here), so the
 * image test cannot drift from the file: each stage gets a folder standing for its filesystem,
 * WORKDIR/COPY/RUN/ENV act on it, and what the final stage says to run (CMD, HEALTHCHECK) is
 * returned to be run from the final stage's folder. RUN uses this machine's shell, npm and Node
 * (the same major version as the base image) instead of the base image's; USER and EXPOSE are
 * recorded, not enforced. Throws on an instruction it does not know rather than skip it.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface BuiltImage {
  /** The final stage's working directory: the image's /app. */
  appDir: string;
  /** CMD (exec form). */
  command: string[];
  /** HEALTHCHECK's CMD (exec form). */
  healthcheck: string[];
  /** ENV of the final stage. */
  env: Record<string, string>;
  user: string | undefined;
  /** Each RUN step with how long it took. */
  steps: { stage: string; command: string; ms: number }[];
}

export function readInstructions(source: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = source.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let text = lines[index]!.trim();
    if (text === '' || text.startsWith('#')) continue;
    while (text.endsWith('\\')) {
      text = text.slice(0, -1).trimEnd() + ' ' + lines[++index]!.trim();
    }
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(text) ?? [];
    instructions.push({ keyword: keyword.toUpperCase(), args, line: start + 1 });
  }
  return instructions;
}

/** The exec form `["a", "b"]`; the shell form is refused (signals would not reach node). */
function execForm(args: string, instruction: Instruction): string[] {
  if (!args.startsWith('['))
    throw new Error(`Dockerfile line ${instruction.line}: use the exec form ["…"]`);
  return JSON.parse(args) as string[];
}

interface Stage {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
}

/** Builds `dockerfile` with `context` as the build context; stage folders go under `into`. */
export async function buildWithoutDocker(options: {
  dockerfile: string;
  context: string;
  into: string;
  /** Variables of this machine for RUN (PATH, the npm cache, ...). */
  env: Record<string, string | undefined>;
}): Promise<BuiltImage> {
  const instructions = readInstructions(readFileSync(options.dockerfile, 'utf8'));
  const globalArgs: Record<string, string> = {};
  const stages = new Map<string, Stage>();
  const steps: BuiltImage['steps'] = [];
  let stage: Stage | undefined;
  let command: string[] = [];
  let healthcheck: string[] = [];
  let user: string | undefined;
  const inside = (path: string) =>
    join(stage!.root, path.startsWith('/') ? path : join(stage!.workdir, path));

  for (const instruction of instructions) {
    const { keyword, args } = instruction;
    if (keyword === 'ARG' && !stage) {
      const [name, value = ''] = args.split('=');
      globalArgs[name!] = value;
    } else if (keyword === 'FROM') {
      const [, name] = /\bAS\s+(\S+)$/i.exec(args) ?? [];
      if (!name) throw new Error(`Dockerfile line ${instruction.line}: name every stage (AS …)`);
      stage = { name, root: join(options.into, name), workdir: '/', env: {} };
      mkdirSync(stage.root, { recursive: true });
      stages.set(name, stage);
      command = [];
      healthcheck = [];
      user = undefined;
    } else if (!stage) {
      throw new Error(`Dockerfile line ${instruction.line}: ${keyword} before FROM`);
    } else if (keyword === 'WORKDIR') {
      stage.workdir = args;
      mkdirSync(inside('.'), { recursive: true });
    } else if (keyword === 'ENV') {
      const [name, ...value] = args.split('=');
      stage.env[name!] = value.join('=');
    } else if (keyword === 'COPY') {
      const words = args.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((word) => !word.startsWith('--'));
      const destination = paths.pop()!;
      const base = from ? stages.get(from)!.root : options.context;
      for (const source of paths) {
        const path = join(base, source);
        // A file copied into a folder (`./`, `./web/`) keeps its name; a folder's content is copied.
        const target =
          destination.endsWith('/') && statSync(path).isFile()
            ? join(inside(destination), source.split('/').pop()!)
            : inside(destination);
        cpSync(path, target, { recursive: true });
      }
    } else if (keyword === 'RUN') {
      const started = Date.now();
      await run('sh', ['-c', args], {
        cwd: inside('.'),
        env: { ...options.env, ...stage.env },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: Error & { stderr?: string }) => {
        throw new Error(
          `RUN ${args} (stage ${stage!.name}) failed: ${error.stderr ?? error.message}`,
        );
      });
      steps.push({ stage: stage.name, command: args, ms: Date.now() - started });
    } else if (keyword === 'USER') {
      user = args;
    } else if (keyword === 'CMD') {
      command = execForm(args, instruction);
    } else if (keyword === 'HEALTHCHECK') {
      healthcheck = execForm(args.replace(/^(--\S+\s+)*CMD\s+/, ''), instruction);
    } else if (keyword !== 'EXPOSE' && keyword !== 'LABEL') {
      throw new Error(`Dockerfile line ${instruction.line}: ${keyword} is not rehearsed`);
    }
  }
  if (!stage) throw new Error('Dockerfile has no stage');
  void globalArgs; // FROM's base image is the one thing not rehearsed: this machine stands for it
  return { appDir: inside('.'), command, healthcheck, env: stage.env, user, steps };
}
