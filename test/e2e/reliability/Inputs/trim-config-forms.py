#!/usr/bin/env python3
"""`hotpath trim --config` on each form of hotpath.toml the plugin reads.

  trim-config-forms.py HOTPATH REPORT DIR

Writes each form to DIR/<n>.toml, runs trim on it and prints, per form,
"ok" and the [functions].exclude array of the edited file (which must be
valid TOML), or the exit status, whether the file is unchanged and the
tool's one line.
"""
import os
import subprocess
import sys
import tomllib

HOTPATH, REPORT, DIR = sys.argv[1:4]
os.makedirs(DIR, exist_ok=True)
FORMS = [
    ("quoted header", '["functions"]\ninclude = ["^demo::"]\n'),
    ("dotted keys", 'functions.include = ["^demo::"]\nfunctions.main = true\n[other]\nx = 1\n'),
    ("inline table", 'functions = { include = ["^demo::"] }\n'),
    ("no newline at the end", '[functions]\ninclude = ["^demo::"]'),
    ("quoted exclude key", '[functions]\n"exclude" = ["^x$"]\n'),
    ("100 KB comment", "# " + "x" * 100000 + "\n[functions]\ninclude = [\"^demo::\"]\n"),
    ("200,000-blank indent", " " * 200000 + "[functions]\n" + " " * 200000 + "include = [\"^demo::\"]\n"),
    ("not TOML", '[functions]\ninclude = [\n'),
    ("exclude a string", '[functions]\nexclude = "^x$"\n'),
]
for n, (name, text) in enumerate(FORMS):
    path = os.path.join(DIR, "%d.toml" % n)
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([HOTPATH, "trim", REPORT, "--budget", "0", "--keep-share", "0",
                        "--call-cost", "1000", "--config", path],
                       capture_output=True, text=True, timeout=60)
    with open(path) as f:
        after = f.read()
    if r.returncode == 0:
        try:
            excl = tomllib.loads(after)["functions"].get("exclude")
            print("%s: ok %s" % (name, excl))
        except Exception as e:  # invalid TOML written with exit 0
            print("%s: exit 0 but invalid: %s" % (name, e))
    else:
        print("%s: exit %d, %s: %s" % (name, r.returncode,
                                       "unchanged" if after == text else "CHANGED",
                                       (r.stderr.strip().splitlines() or ["(no message)"])[-1]))
