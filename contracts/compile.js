// Compiles contracts/**/*.sol with the pinned solc (npm `solc`, installed by `make tools`)
// and writes abi/artifacts/<Contract>.abi and <Contract>.bin. Output is deterministic:
// sources are keyed by their path relative to the repository and the CBOR metadata hash
// is left out, so rebuilding an unchanged tree gives byte-identical artifacts.
'use strict';

const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const toolsDir = process.env.DTW_TOOLS_DIR || path.join(root, 'tools');
let solc;
try {
  solc = require(path.join(toolsDir, 'node_modules', 'solc'));
} catch (e) {
  console.error(`solc not found under ${toolsDir}/node_modules: run "make tools" first`);
  process.exit(1);
}

// Contracts whose artifacts are published; others (abstract bases) are skipped.
const contracts = ['DTW', 'DepositForwarder', 'DepositForwarderFactory', 'TestToken', 'NoReturnToken', 'FeeToken', 'OwnerWallet', 'DevnetAggregator', 'GreedyWallet'];

function findSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return findSources(p);
    return e.name.endsWith('.sol') ? [p] : [];
  }).sort();
}

const sources = {};
for (const file of findSources(path.join(root, 'contracts'))) {
  sources[path.relative(root, file)] = { content: fs.readFileSync(file, 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 1000000 },
    viaIR: true,
    evmVersion: 'cancun',
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
let failed = false;
for (const err of output.errors || []) {
  console.error(err.formattedMessage);
  if (err.severity === 'error') failed = true;
}
if (failed) process.exit(1);

const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'abi', 'artifacts');
fs.mkdirSync(outDir, { recursive: true });
for (const [, byName] of Object.entries(output.contracts)) {
  for (const [name, c] of Object.entries(byName)) {
    if (!contracts.includes(name)) continue;
    fs.writeFileSync(path.join(outDir, `${name}.abi`), JSON.stringify(c.abi, null, 1) + '\n');
    fs.writeFileSync(path.join(outDir, `${name}.bin`), c.evm.bytecode.object + '\n');
    console.log(`compiled ${name}: ${c.evm.bytecode.object.length / 2} bytes`);
  }
}
