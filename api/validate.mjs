// validate.mjs checks the published API documents with the tools their readers use:
// @apidevtools/swagger-parser validates the OpenAPI document, `redocly lint` lints it
// (no errors and no warnings; api/redocly.yaml says which rules are off and why), and @asyncapi/parser
// parses the AsyncAPI document (0 errors). The tools are the ones package.json pins,
// installed by `make tools` into $DTW_TOOLS_DIR (default ./tools).
//
// Usage: node api/validate.mjs OPENAPI_FILE ASYNCAPI_FILE
// Exits 0 when all three pass, 1 with every finding on stderr when one fails, and 2 when
// the tools are not installed.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const toolsDir = resolve(process.env.DTW_TOOLS_DIR || join(here, '..', 'tools'));
const [openapiFile, asyncapiFile] = process.argv.slice(2);
if (!openapiFile || !asyncapiFile) {
  console.error('usage: node api/validate.mjs OPENAPI_FILE ASYNCAPI_FILE');
  process.exit(2);
}

const require = createRequire(join(toolsDir, 'package.json'));
function load(name) {
  try {
    return require(name);
  } catch (err) {
    console.error(`${name} is not installed in ${toolsDir}/node_modules (${err.code || err.message}): run \`make tools\``);
    process.exit(2);
  }
}
const SwaggerParser = load('@apidevtools/swagger-parser');
const { Parser } = load('@asyncapi/parser');
const redocly = join(toolsDir, 'node_modules', '.bin', 'redocly');
if (!existsSync(redocly)) {
  console.error(`@redocly/cli is not installed in ${toolsDir}/node_modules: run \`make tools\``);
  process.exit(2);
}

let failed = false;

try {
  await SwaggerParser.validate(openapiFile);
  console.log(`swagger-parser: ${openapiFile} is valid`);
} catch (err) {
  failed = true;
  console.error(`swagger-parser: ${openapiFile}: ${err.message}`);
}

const lint = spawnSync(process.execPath, [redocly, 'lint', '--config', join(here, 'redocly.yaml'), '--format', 'stylish', openapiFile],
  { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
const lintOut = `${lint.stdout || ''}${lint.stderr || ''}`;
const findings = lintOut.split('\n').filter((l) => /^\s*\d+:\d+\s+(error|warning)\s/.test(l));
if (lint.status !== 0 || findings.length > 0) {
  failed = true;
  console.error(`redocly lint: ${openapiFile}: exit ${lint.status}${lint.error ? ` (${lint.error.message})` : ''}, ${findings.length} problems:\n${findings.join('\n')}`);
} else {
  console.log(`redocly lint: ${openapiFile}: no errors and no warnings`);
}

const diagnostics = (await new Parser().parse(readFileSync(asyncapiFile, 'utf8'), { source: resolve(asyncapiFile) })).diagnostics;
const errors = diagnostics.filter((d) => d.severity === 0);
if (errors.length > 0) {
  failed = true;
  for (const d of errors) {
    console.error(`@asyncapi/parser: ${asyncapiFile}: ${d.code}: ${d.message} at ${d.path.join('.')}`);
  }
} else {
  console.log(`@asyncapi/parser: ${asyncapiFile}: no errors (${diagnostics.length} warnings or hints)`);
}

process.exit(failed ? 1 : 0);
