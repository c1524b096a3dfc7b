// Independent checks of hotpath's exports, with the formats' own tools:
//   node validate.js speedscope FILE.json   speedscope's published schema
//                                           (ajv), and frame indices
//   node validate.js pprof FILE.pb.gz       pprof-format's decoder: prints
//                                           the sample types and, per
//                                           sample, "path values..."
// NODE_PATH points at test/node/node_modules (scripts/setup.sh).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

function speedscope(file) {
  const Ajv = require('ajv');
  const schemaFile = path.join(path.dirname(require.resolve('speedscope/package.json')),
                               'dist', 'release', 'file-format-schema.json');
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!validate(data)) {
    console.log('speedscope: invalid: ' + ajv.errorsText(validate.errors));
    process.exit(1);
  }
  const frames = data.shared.frames.length;
  let samples = 0, events = 0;
  for (const p of data.profiles) {
    if (p.type === 'evented') {
      // Opens and closes in order, each close matching the last open.
      const stack = [];
      let at = p.startValue;
      for (const e of p.events) {
        if (!(e.frame >= 0 && e.frame < frames) || e.at < at || e.at > p.endValue) {
          console.log('speedscope: event ' + JSON.stringify(e) + ' out of range or order');
          process.exit(1);
        }
        at = e.at;
        if (e.type === 'O') stack.push(e.frame);
        else if (stack.pop() !== e.frame) {
          console.log('speedscope: close of frame ' + e.frame + ' does not match its open');
          process.exit(1);
        }
      }
      if (stack.length) {
        console.log('speedscope: ' + stack.length + ' frames never closed');
        process.exit(1);
      }
      events += p.events.length;
      continue;
    }
    if (p.samples.length !== p.weights.length) {
      console.log('speedscope: samples and weights differ in length');
      process.exit(1);
    }
    for (const s of p.samples)
      for (const f of s)
        if (!(f >= 0 && f < frames)) {
          console.log('speedscope: frame index ' + f + ' out of range');
          process.exit(1);
        }
    samples += p.samples.length;
  }
  console.log('speedscope: valid, ' + frames + ' frames, ' +
              (events ? events + ' events' : samples + ' samples'));
}

function pprof(file) {
  const { Profile } = require('pprof-format');
  const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(file)));
  const str = (i) => p.stringTable.strings[Number(i)];
  console.log('pprof: sample types ' +
              p.sampleType.map((t) => str(t.type) + '/' + str(t.unit)).join(' '));
  const fn = new Map(p.function.map((f) => [Number(f.id), str(f.name)]));
  const loc = new Map(p.location.map((l) => [Number(l.id), fn.get(Number(l.line[0].functionId))]));
  for (const s of p.sample) {
    const names = s.locationId.map((id) => loc.get(Number(id))).reverse();
    console.log('pprof: ' + names.join(';') + ' ' + s.value.map(Number).join(' '));
  }
}

const [kind, file] = process.argv.slice(2);
if (kind === 'speedscope') speedscope(file);
else if (kind === 'pprof') pprof(file);
else { console.log('usage: validate.js speedscope|pprof FILE'); process.exit(2); }
