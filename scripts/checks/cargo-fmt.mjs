// cargo fmt --check (engine-wasm). Counts as 1 check.
import { reportExit } from '../lib/check.mjs';
import { ENGINE_DIR, run } from '../lib/util.mjs';

const { code } = await run('cargo', ['fmt', '--check'], { cwd: ENGINE_DIR });
reportExit('cargo fmt', code, code ? 'run `cargo fmt` in engine-wasm/' : '');
