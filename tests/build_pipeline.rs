//! Verification inside the compile pipeline (issue 7): the pass plugin under
//! `opt-14` and `clang-14 -fpass-plugin`, `ufo cc` and its exit codes, a
//! Makefile with `CC="ufo cc"`, and bad `UFO_OPTIONS`. Every answer is checked
//! by what the compiler prints at the right source line, and the plugin is
//! shown to leave the module unchanged (byte-identical objects).

mod common;
use common::root;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The plugin library, built once per test run (`cargo build -p ufo-plugin`).
fn plugin() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args(["build", "--release", "-p", "ufo-plugin"])
            .current_dir(root())
            .output()
            .expect("cargo runs");
        assert!(out.status.success(), "building the plugin failed:\n{}", String::from_utf8_lossy(&out.stderr));
        let so = root().join("target/release/libufo_plugin.so");
        assert!(so.exists(), "{} missing", so.display());
        so
    })
}

fn run(cmd: &mut Command) -> (i32, String) {
    let Output { status, stdout, stderr } = cmd.output().expect("the tool runs");
    let mut text = String::from_utf8_lossy(&stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&stdout));
    (status.code().unwrap_or(-1), text)
}

/// `clang-14 ARGS` in `llvm-tests/` (debug info names files as given there).
fn clang(args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new("clang-14");
    cmd.args(args).current_dir(root().join("llvm-tests")).env_remove("UFO_OPTIONS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

fn ufo_cc(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ufo"));
    cmd.arg("cc").args(args).current_dir(dir).env_remove("UFO_OPTIONS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

fn plugin_flag() -> String {
    format!("-fpass-plugin={}", plugin().display())
}

/// `file.ll` of a C program of llvm-tests/, as clang emits it at -O0 with debug info.
fn emit_ll(c: &str, dir: &Path) -> PathBuf {
    let ll = dir.join(c.replace(".c", ".ll"));
    let (code, err) =
        clang(&["-O0", "-g", "-Xclang", "-disable-O0-optnone", "-S", "-emit-llvm", c, "-o", ll.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{err}");
    ll
}

fn opt(ll: &Path, extra: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new("opt-14");
    cmd.arg(format!("-load-pass-plugin={}", plugin().display())).arg("-passes=ufo-verify").arg(ll).args(extra);
    cmd.env_remove("UFO_OPTIONS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

#[test]
fn opt_reports_a_reachable_error_at_its_line_with_the_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let ll = emit_ll("fig1_unsafe.c", dir.path());
    let (code, out) = opt(&ll, &["-disable-output"], &[]);
    assert_eq!(code, 0, "a warning does not stop opt:\n{out}");
    assert!(out.contains("warning: fig1_unsafe.c:12:15: ufo-verify: reach_error() is reachable"), "{out}");
    // The replayed input: fig1's bug needs n >= 4 loop iterations.
    let n: i64 = out
        .split("input: __VERIFIER_nondet_int() = ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no input note:\n{out}"));
    assert!(n >= 4, "{out}");
    assert!(out.contains("note: fig1_unsafe.c:12:7: path: if (x >= 3) reach_error();"), "{out}");
}

#[test]
fn opt_remarks_a_safe_program_with_its_loop_invariant() {
    let dir = tempfile::tempdir().unwrap();
    let ll = emit_ll("fig1_safe.c", dir.path());
    let (code, out) = opt(&ll, &["-disable-output", "-pass-remarks=ufo-verify"], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("remark: fig1_safe.c:8:12: ufo-verify: reach_error() is unreachable; loop invariant: x >= 0"),
        "{out}"
    );
    assert!(!out.contains("warning"), "{out}");
    // Remarks are opt-in, as every LLVM remark.
    let (_, quiet) = opt(&ll, &["-disable-output"], &[]);
    assert!(!quiet.contains("ufo-verify"), "{quiet}");
}

#[test]
fn the_plugin_leaves_the_module_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let ll = emit_ll("fig1_unsafe.c", dir.path());
    let with = dir.path().join("with.ll");
    let (code, out) = opt(&ll, &["-S", "-o", with.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("reach_error() is reachable"), "the pass ran:\n{out}");
    let without = dir.path().join("without.ll");
    let (code, out) = run(Command::new("opt-14").args(["-passes=verify", "-S", "-o"]).arg(&without).arg(&ll));
    assert_eq!(code, 0, "{out}");
    assert_eq!(std::fs::read(&with).unwrap(), std::fs::read(&without).unwrap(), "the module changed");
}

#[test]
fn clang_with_the_plugin_warns_at_the_line_and_emits_the_same_object() {
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("with.o");
    let without = dir.path().join("without.o");
    let p = plugin_flag();
    let (code, out) = clang(&["-O2", "-g", &p, "-c", "fig1_unsafe.c", "-o", with.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("fig1_unsafe.c:12:15: warning: ufo-verify: reach_error() is reachable [-Wpass-failed=ufo-verify]"),
        "{out}"
    );
    assert!(out.contains("note: fig1_unsafe.c:6:11: input: __VERIFIER_nondet_int() = "), "{out}");
    let (code, out) = clang(&["-O2", "-g", "-c", "fig1_unsafe.c", "-o", without.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(std::fs::read(&with).unwrap(), std::fs::read(&without).unwrap(), "the plugin changed the code");
}

#[test]
fn clang_with_the_plugin_remarks_a_safe_program() {
    let p = plugin_flag();
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("s.o");
    let (code, out) =
        clang(&["-O0", "-g", &p, "-Rpass=ufo-verify", "-c", "fig1_safe.c", "-o", o.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("fig1_safe.c:8:12: remark: ufo-verify: reach_error() is unreachable; loop invariant: x >= 0"),
        "{out}"
    );
    assert!(!out.contains("warning"), "{out}");
}

#[test]
fn werror_in_ufo_options_fails_the_compilation_on_a_bug_only() {
    let p = plugin_flag();
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("u.o");
    let env = [("UFO_OPTIONS", "--werror --timeout 60")];
    let (code, out) = clang(&["-O2", "-g", &p, "-c", "fig1_unsafe.c", "-o", o.to_str().unwrap()], &env);
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("error: ufo-verify: reach_error() is reachable at fig1_unsafe.c:12:15 (--werror)"), "{out}");
    assert!(!o.exists(), "no object for a failed compilation");
    let (code, out) = clang(&["-O2", "-g", &p, "-c", "fig1_safe.c", "-o", o.to_str().unwrap()], &env);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_bad_ufo_options_value_is_a_clear_diagnostic_that_does_not_stop_the_build() {
    let p = plugin_flag();
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("u.o");
    let o = o.to_str().unwrap();
    let (code, out) = clang(&["-O2", &p, "-c", "fig1_unsafe.c", "-o", o], &[("UFO_OPTIONS", "--engine nope")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: ufo-verify: UFO_OPTIONS: invalid value 'nope' for '--engine"), "{out}");
    assert!(out.contains("nothing verified") && !out.contains("reachable"), "{out}");
    assert!(Path::new(o).exists());
    // With --werror among the options, the same mistake fails the compilation.
    let (code, out) = clang(&["-O2", &p, "-c", "fig1_unsafe.c", "-o", o], &[("UFO_OPTIONS", "--werror --timeout x")]);
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("error: ufo-verify: UFO_OPTIONS: invalid value 'x' for '--timeout"), "{out}");
    // And under opt.
    let ll = emit_ll("fig1_safe.c", dir.path());
    let (code, out) = opt(&ll, &["-disable-output"], &[("UFO_OPTIONS", "'unbalanced")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("UFO_OPTIONS: unbalanced quotes"), "{out}");
}

#[test]
fn ufo_cc_warns_fails_with_ufo_werror_and_passes_clang_failures_through() {
    let t = root().join("llvm-tests");
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("u.o");
    let o = o.to_str().unwrap();
    let (code, out) = ufo_cc(&["-O2", "-c", "fig1_unsafe.c", "-o", o], &t, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fig1_unsafe.c:12:15: warning: reach_error() is reachable [ufo]"), "{out}");
    assert!(Path::new(o).exists());
    let (code, out) = ufo_cc(&["-O2", "-c", "fig1_unsafe.c", "-o", o, "--ufo-werror"], &t, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(!Path::new(o).exists(), "no object after the error");
    assert!(out.contains("error: reach_error() is reachable at fig1_unsafe.c:12:15 (--werror)"), "{out}");
    let (code, out) = ufo_cc(&["-O0", "-c", "fig1_safe.c", "-o", o, "--ufo-werror"], &t, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fig1_safe.c:8:12: remark: reach_error() is unreachable; loop invariant: x >= 0"), "{out}");
    // A file clang rejects: clang's message and clang's exit code, nothing else.
    let (clang_code, clang_out) = clang(&["-c", "bad/does_not_compile.c", "-o", o], &[]);
    let (code, out) = ufo_cc(&["-c", "bad/does_not_compile.c", "-o", o], &t, &[]);
    assert_ne!(code, 0);
    assert_eq!((code, out.as_str()), (clang_code, clang_out.as_str()));
    // A bad UFO_OPTIONS: a warning, and the object is still built.
    let (code, out) = ufo_cc(&["-c", "fig1_safe.c", "-o", o], &t, &[("UFO_OPTIONS", "--int nope")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ufo cc: warning: UFO_OPTIONS: invalid value 'nope'"), "{out}");
}

#[test]
fn ufo_cc_leaves_files_without_verifier_calls_to_clang() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("plain.c"), "int add(int a, int b) { return a + b; }\n").unwrap();
    let (code, out) = ufo_cc(&["-O2", "-g", "-c", "plain.c", "-o", "ufo.o"], dir.path(), &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, out) =
        run(Command::new("clang-14").args(["-O2", "-g", "-c", "plain.c", "-o", "clang.o"]).current_dir(dir.path()));
    assert_eq!(code, 0, "{out}");
    assert_eq!(std::fs::read(dir.path().join("ufo.o")).unwrap(), std::fs::read(dir.path().join("clang.o")).unwrap());
}

#[test]
fn make_with_ufo_cc_verifies_a_project() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in ["fig1_unsafe.c", "fig1_safe.c"] {
        std::fs::copy(root().join("llvm-tests").join(f), d.join(f)).unwrap();
    }
    std::fs::write(d.join("plain.c"), "int add(int a, int b) { return a + b; }\n").unwrap();
    std::fs::write(
        d.join("Makefile"),
        "all: fig1_unsafe.o fig1_safe.o plain.o\n%.o: %.c\n\t$(CC) -O2 -g -c $< -o $@\n",
    )
    .unwrap();
    let cc = format!("CC={} cc", env!("CARGO_BIN_EXE_ufo"));
    let (code, out) = run(Command::new("make").arg("-s").arg(&cc).current_dir(d));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fig1_unsafe.c:12:15: warning: reach_error() is reachable [ufo]"), "{out}");
    assert!(out.contains("fig1_safe.c: remark: reach_error() is unreachable"), "{out}");
    assert!(!out.contains("plain.c"), "{out}");
    assert!(["fig1_unsafe.o", "fig1_safe.o", "plain.o"].iter().all(|o| d.join(o).exists()));
    // The same build with --ufo-werror stops at the bug.
    let _ = std::fs::remove_file(d.join("fig1_unsafe.o"));
    let cc = format!("CC={} cc --ufo-werror", env!("CARGO_BIN_EXE_ufo"));
    let (code, out) = run(Command::new("make").arg("-s").arg(&cc).arg("fig1_unsafe.o").current_dir(d));
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("error: reach_error() is reachable"), "{out}");
    assert!(!d.join("fig1_unsafe.o").exists(), "a failed compilation leaves no object");
}
