# This file is part of ufo. SPDX-License-Identifier: MIT
"""
BenchExec tool-info module for ufo (https://github.com/sosy-lab/benchexec).

Use it by putting `scripts/` on PYTHONPATH and naming the module by its full
name in the benchmark definition (`<benchmark tool="ufo_benchexec.ufo" ...>`;
BenchExec's own `ufo` module is the original UFO verifier of 2012); see
README.md, "Running ufo under BenchExec". ufo decides the reachability property
(unreach-call): exit code 0 SAFE, 10 UNSAFE, 20 UNKNOWN, 2 bad input.
"""

import re

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """ufo: the UFO algorithm over LLVM IR, with Z3."""

    REQUIRED_PATHS = ["target/release/ufo"]

    def executable(self, tool_locator):
        return tool_locator.find_executable("ufo", subdir="target/release")

    def name(self):
        return "ufo"

    def project_url(self):
        return "https://github.com/ufo-verifier/ufo"

    def version(self, executable):
        # `ufo --version`: "ufo 0.1.0 (LLVM 19.1.7, Z3 4.8.12.0, built with ...)"
        text = self._version_from_tool(executable, arg="--version")
        m = re.search(r"ufo (\S+)", text)
        return m.group(1) if m else text

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "verify"]
        data_model = (task.options or {}).get("data_model")
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        # SV-COMP's property and conventions, unless the benchmark says otherwise.
        if "--property" not in options:
            cmd += ["--property", "unreach-call"]
        if "--svcomp" not in options:
            cmd += ["--svcomp"]
        # A measurement times the engines, not the verdict cache.
        if "--cache-dir" not in options:
            cmd += ["--no-cache"]
        # ufo stops by itself at its own limit and still reports its statistics.
        if rlimits.cputime and "--timeout" not in options:
            cmd += ["--timeout", str(max(1, rlimits.cputime - 5))]
        # Several input files are linked into one program.
        return cmd + list(options) + list(task.input_files)

    def determine_result(self, run):
        for line in run.output:
            line = line.strip()
            m = re.match(r"^(?:.*: )?(SAFE|UNSAFE|UNKNOWN)(?: \((.*)\))?$", line)
            if not m:
                continue
            verdict, reason = m.group(1), m.group(2) or ""
            if verdict == "SAFE":
                return result.RESULT_TRUE_PROP
            if verdict == "UNSAFE":
                return result.RESULT_FALSE_REACH
            if reason.startswith("timeout"):
                return "TIMEOUT"
            return result.RESULT_UNKNOWN + (f" ({reason})" if reason else "")
        if run.exit_code.value == 2:
            return result.RESULT_ERROR + " (bad input)"
        return result.RESULT_ERROR
