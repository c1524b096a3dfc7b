#!/usr/bin/env python3
"""Checks the GitHub Actions workflows that the docs give, since CI here
cannot run GitHub.

  check_workflows.py HOTPATH SOURCE_ROOT DOC.md...

Every ```yaml block of a document that has `jobs:` is a workflow. Each
must parse as YAML and have the shape of a workflow (name, triggers, jobs
with runs-on and steps; a step either uses owner/repo[/path]@ref or runs a
script); every script must pass `bash -n` (with ${{ ... }} expressions
replaced); every `hotpath <command>` it runs must be a command of the tool
and every --option it passes one that `hotpath <command> --help` lists;
every -DHOTPATH_* must be an option() of hotpath's CMake project; an
artifact that a step downloads by name must be one that a step uploads.
"""
import re
import shlex
import subprocess
import sys

import yaml

fails = []


def fail(msg):
    fails.append(msg)


def blocks(path):
    text = open(path).read()
    for m in re.finditer(r"```yaml\n(.*?)```", text, re.S):
        if re.search(r"^jobs:", m.group(1), re.M):
            yield text[: m.start()].count("\n") + 1, m.group(1)


def help_of(hotpath, command, cache={}):
    if command not in cache:
        p = subprocess.run([hotpath, command, "--help"], capture_output=True, text=True)
        cache[command] = (p.returncode, p.stdout + p.stderr)
    return cache[command]


def commands_of(hotpath):
    p = subprocess.run([hotpath, "--help"], capture_output=True, text=True)
    return set(re.findall(r"^  ([a-z]+) ", p.stdout, re.M))


def check_hotpath_calls(where, script, hotpath, known):
    # Join continued lines, then split each line into simple commands.
    logical = script.replace("\\\n", " ")
    for line in logical.splitlines():
        line = re.sub(r"#.*$", "", line)
        for part in re.split(r"\|\||&&|[|;]", line):
            try:
                words = shlex.split(part)
            except ValueError:
                continue
            while words and ("=" in words[0] and not words[0].startswith("-")):
                words = words[1:]  # VAR=value prefixes
            if len(words) < 2 or words[0] != "hotpath":
                continue
            cmd = words[1]
            if cmd not in known:
                fail("%s: hotpath %s: no such command" % (where, cmd))
                continue
            rc, text = help_of(hotpath, cmd)
            if rc != 0:
                fail("%s: hotpath %s --help failed" % (where, cmd))
            for w in words[2:]:
                if w == "--":
                    break  # the program's own arguments follow
                if w.startswith(">"):
                    break
                if w.startswith("-"):
                    opt = w.split("=", 1)[0]
                    if not re.search(r"(^|[\s,\[])" + re.escape(opt) + r"([\s,=\]]|$)", text, re.M):
                        fail("%s: hotpath %s: option %s is not in its --help" % (where, cmd, opt))


def main():
    hotpath, root = sys.argv[1], sys.argv[2]
    known = commands_of(hotpath)
    if "bench" not in known or "diff" not in known:
        sys.exit("check_workflows: cannot read the commands of %s" % hotpath)
    cmake_options = set(re.findall(r"option\((HOTPATH_[A-Z_0-9]+)", open(root + "/CMakeLists.txt").read()))
    n = 0
    for doc in sys.argv[3:]:
        for line, text in blocks(doc):
            n += 1
            where = "%s:%d" % (doc.rsplit("/", 1)[-1], line)
            try:
                w = yaml.safe_load(text)
            except yaml.YAMLError as e:
                fail("%s: not YAML: %s" % (where, str(e).splitlines()[0]))
                continue
            # YAML 1.1 reads the key `on` as true.
            triggers = w.get("on", w.get(True)) if isinstance(w, dict) else None
            if not isinstance(w, dict) or not isinstance(w.get("name"), str) or not triggers:
                fail("%s: no name or no triggers" % where)
                continue
            jobs = w.get("jobs")
            if not isinstance(jobs, dict) or not jobs:
                fail("%s: no jobs" % where)
                continue
            uploads, downloads = set(), set()
            for jname, job in jobs.items():
                if not isinstance(job, dict) or "runs-on" not in job or not isinstance(job.get("steps"), list):
                    fail("%s: job %s has no runs-on or steps" % (where, jname))
                    continue
                for i, step in enumerate(job["steps"]):
                    sw = "%s: job %s step %d" % (where, jname, i + 1)
                    if not isinstance(step, dict) or ("uses" in step) == ("run" in step):
                        fail("%s: needs exactly one of uses and run" % sw)
                        continue
                    if "uses" in step:
                        if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_./-]+)?@[A-Za-z0-9_.-]+", step["uses"]):
                            fail("%s: uses %r is not owner/repo@ref" % (sw, step["uses"]))
                        if step["uses"].startswith("actions/upload-artifact@"):
                            uploads.add(step.get("with", {}).get("name"))
                        continue
                    script = step["run"]
                    plain = re.sub(r"\$\{\{.*?\}\}", "X", script)
                    p = subprocess.run(["bash", "-n"], input=plain, capture_output=True, text=True)
                    if p.returncode != 0:
                        fail("%s: bash -n: %s" % (sw, p.stderr.strip()))
                    check_hotpath_calls(sw, plain, hotpath, known)
                    for opt in re.findall(r"-D(HOTPATH_[A-Z_0-9]+)=", plain):
                        if opt not in cmake_options:
                            fail("%s: -D%s is not an option of hotpath's CMake project" % (sw, opt))
                    for name in re.findall(r"gh run download .*?--name (\S+)", plain.replace("\\\n", " ")):
                        downloads.add(name)
            for name in downloads - uploads:
                fail("%s: downloads artifact %s that no step uploads" % (where, name))
    if n == 0:
        fail("no workflow found")
    for f in fails:
        print("check_workflows: " + f)
    if fails:
        sys.exit(1)
    print("check_workflows: %d workflows ok" % n)


if __name__ == "__main__":
    main()
