// Validates a JSON file against a JSON Schema (draft 2020-12) with ajv:
//   node validate_schema.js SCHEMA.json FILE.json
// prints each error ("/path: message") and exits 1, or exits 0 silently.
// NODE_PATH points at test/node/node_modules (scripts/setup.sh).
'use strict';
const fs = require('fs');
const Ajv2020 = require('ajv/dist/2020');
const schema = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const data = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(schema);
if (!validate(data)) {
  for (const e of validate.errors)
    console.log((e.instancePath || '/') + ': ' + e.message +
                (e.params ? ' ' + JSON.stringify(e.params) : ''));
  process.exit(1);
}
