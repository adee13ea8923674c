// Writes `<file>.br` and `<file>.gz` next to each built bundle at the highest levels, for the
// server to send as they are (ServeDir's precompressed files): on-the-fly compression must be
// fast, so it is weaker, and it costs CPU on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map|webmanifest)$/;
// Below this the headers weigh more than the saving.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2] ?? 'dist';
let count = 0;
for (const path of files(root)) {
  // index.html is filled per page by the server, so it is never sent from the disk as it is.
  if (!COMPRESSIBLE.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files in ${root} (.br, .gz)`);
