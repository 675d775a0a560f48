//! The BenchExec tool-info module `scripts/ufo_benchexec/ufo.py`, checked with
//! BenchExec's own `test_tool_info` (installed by scripts/setup): the command
//! line it builds for an SV-COMP task (data model, time limit, input files) and
//! the results it reads from real ufo output.

mod common;
use common::*;

/// Runs `python3 -m benchexec.test_tool_info ufo_benchexec.ufo` on a task
/// definition and one output file; returns what it printed.
fn tool_info(task_yml: &str, output: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let yml = dir.path().join("task.yml");
    std::fs::write(&yml, task_yml).unwrap();
    std::fs::write(dir.path().join("prog.c"), "int main(void) { return 0; }\n").unwrap();
    let out = dir.path().join("out.txt");
    std::fs::write(&out, output).unwrap();
    let r = std::process::Command::new("python3")
        .args(["-m", "benchexec.test_tool_info", "ufo_benchexec.ufo", "--tool-directory", ".", "--no-container"])
        .arg("--task-definition")
        .arg(&yml)
        .arg("--tool-output")
        .arg(&out)
        .env("PYTHONPATH", root().join("scripts"))
        .current_dir(root())
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&r.stdout).into_owned() + &String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "test_tool_info failed (is BenchExec installed? scripts/setup installs it):\n{text}");
    text
}

fn result_line(text: &str) -> &str {
    let i = text.find("Result of analyzing tool output").unwrap_or_else(|| panic!("no result:\n{text}"));
    text[i..].lines().nth(1).unwrap().trim()
}

const TASK: &str = "format_version: '2.0'\ninput_files: 'prog.c'\noptions:\n  language: C\n  data_model: ILP32\n";

#[test]
fn command_line_and_results_from_real_ufo_output() {
    let (code, unsafe_out, _) = ufo(&["verify", "llvm-tests/fig1_unsafe.c"]);
    assert_eq!(code, 10);
    let text = tool_info(TASK, &unsafe_out);
    assert_eq!(result_line(&text), "“false(unreach-call)”", "{text}");
    assert!(
        text.contains("'verify', '--data-model', 'ILP32', '--property', 'unreach-call', '--svcomp', '--no-cache'"),
        "{text}"
    );
    assert!(text.contains(&format!("Version: “{}”", env!("CARGO_PKG_VERSION"))), "{text}");
    assert!(text.contains("'--timeout', '"), "the CPU-time limit becomes --timeout:\n{text}");

    let (code, safe_out, _) = ufo(&["verify", "llvm-tests/fig1_safe.c"]);
    assert_eq!(code, 0);
    assert_eq!(result_line(&tool_info(TASK, &safe_out)), "“true”");

    let (code, out, err) = ufo(&["verify", "llvm-tests/bad/asm.c"]);
    assert_eq!(code, 20);
    let r = tool_info(TASK, &(err + &out));
    assert!(result_line(&r).starts_with("“unknown (") && result_line(&r).contains("inline assembly"), "{r}");

    let (code, out, _) = ufo(&["verify", "../shared/bench/sv/systemc/toy.cil.c", "--timeout", "0.5"]);
    assert_eq!(code, 20);
    assert!(out.starts_with("../shared/bench/sv/systemc/toy.cil.c: UNKNOWN (timeout"), "{out}");
    assert_eq!(result_line(&tool_info(TASK, &out)), "“TIMEOUT”");
    let (code, _, err) = ufo(&["verify", "missing.c"]);
    assert_eq!(code, 2);
    assert_eq!(result_line(&tool_info(TASK, &err)), "“ERROR”");
}
