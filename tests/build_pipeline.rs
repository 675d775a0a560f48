//! Verification inside the compile pipeline (issues 7 and 16): the pass plugin
//! under `opt-19` and `clang-19 -fpass-plugin`, and its LLVM-14 build inside
//! `clang-14`, `ufo plugin-path`, `ufo cc` and its exit codes, a Makefile with
//! `CC="ufo cc"`, and bad `UFO_OPTIONS`. Every answer is checked by what the
//! compiler prints at the right source line, and the plugin is shown to leave
//! the module unchanged (byte-identical objects).

mod common;
use common::root;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The plugin for LLVM `major`, brought up to date once per test run
/// (`scripts/build-plugins MAJOR`, as setup installs it) unless it is newer
/// than every file it is built from: cargo's own check would rebuild the
/// library (its dependencies' features differ from the tests' build), 110 s
/// of a test run.
fn plugin_for(major: u32) -> &'static Path {
    static PATHS: OnceLock<std::sync::Mutex<std::collections::BTreeMap<u32, &'static Path>>> = OnceLock::new();
    let mut built = PATHS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    built.entry(major).or_insert_with(|| {
        let so = root().join(format!("target/release/libufo_plugin-llvm{major}.so"));
        if newer_than_its_sources(&so) {
            return Box::leak(so.into_boxed_path());
        }
        let out = Command::new(root().join("scripts/build-plugins"))
            .arg(major.to_string())
            .current_dir(root())
            .output()
            .expect("scripts/build-plugins runs");
        assert!(out.status.success(), "building the plugin failed:\n{}", String::from_utf8_lossy(&out.stderr));
        let so = root().join(format!("target/release/libufo_plugin-llvm{major}.so"));
        assert!(so.exists(), "{} missing", so.display());
        Box::leak(so.into_boxed_path())
    })
}

/// Was `file` written after every source of the library and the plugin
/// (`src/`, `plugin/`, `build-support/`, the build scripts, the manifests
/// and the lock file, and the directories themselves: a file removed or
/// renamed) last changed?
fn newer_than_its_sources(file: &Path) -> bool {
    fn newest(p: &Path) -> Option<std::time::SystemTime> {
        let meta = std::fs::metadata(p).ok()?;
        let own = meta.modified().ok()?;
        if !meta.is_dir() {
            return Some(own);
        }
        let entries = std::fs::read_dir(p).ok()?;
        Some(entries.filter_map(|e| newest(&e.ok()?.path())).max().map_or(own, |t| t.max(own)))
    }
    let Some(built) = std::fs::metadata(file).and_then(|m| m.modified()).ok() else { return false };
    let sources = ["src", "plugin", "build-support", "build.rs", "scripts/build-plugins", "Cargo.toml", "Cargo.lock"];
    sources.iter().all(|s| newest(&root().join(s)).is_some_and(|t| t < built))
}

/// The plugin for clang-19 and opt-19.
fn plugin() -> &'static Path {
    plugin_for(19)
}

fn run(cmd: &mut Command) -> (i32, String) {
    let Output { status, stdout, stderr } = cmd.output().expect("the tool runs");
    let mut text = String::from_utf8_lossy(&stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&stdout));
    (status.code().unwrap_or(-1), text)
}

/// `clang-19 ARGS` in `llvm-tests/` (debug info names files as given there).
fn clang(args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    clang_version(19, args, env)
}

/// `clang-MAJOR ARGS` in `llvm-tests/`.
fn clang_version(major: u32, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(format!("clang-{major}"));
    cmd.args(args).current_dir(root().join("llvm-tests")).env_remove("UFO_OPTIONS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

fn ufo_cc(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ufo"));
    cmd.arg("cc").args(args).current_dir(dir).env_remove("UFO_OPTIONS").env_remove("UFO_CC").env_remove("UFO_CLANG");
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
    let mut cmd = Command::new("opt-19");
    cmd.arg(format!("-load-pass-plugin={}", plugin().display())).arg("-passes=ufo-verify").arg(ll).args(extra);
    cmd.env_remove("UFO_OPTIONS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

/// fig1_safe.c's loop invariant from whichever portfolio member answers
/// first: intervals (`ai`, nearly always) or Spacer.
const FIG1: [&str; 2] = ["(i >= 0 && x >= 0 && x <= 2147483646)", "x >= 0"];
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
        FIG1.iter().any(|inv| out.contains(&format!(
            "remark: fig1_safe.c:8:12: ufo-verify: reach_error() is unreachable; loop invariant: {inv}"
        ))),
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
    let (code, out) = run(Command::new("opt-19").args(["-passes=verify", "-S", "-o"]).arg(&without).arg(&ll));
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

/// The plugin verifies the module in memory and replays that module; the
/// undefined behaviour on the way is named from a second run of the C source
/// under UBSan (issue 19 §2), as in `ufo verify`.
#[test]
fn the_plugin_names_undefined_behaviour_on_the_way_to_the_error() {
    let p = plugin_flag();
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("so.o");
    let env = [("UFO_OPTIONS", "--int bv")];
    let (code, out) = clang(&["-O0", "-g", &p, "-c", "ub/signed_overflow.c", "-o", o.to_str().unwrap()], &env);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ub/signed_overflow.c:13:5: warning: ufo-verify: reach_error() is reachable"), "{out}");
    assert!(
        out.contains(
            "note: ub/signed_overflow.c:12:9: undefined behaviour on the way (signed-overflow): \
             signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'"
        ),
        "{out}"
    );
    // a bug reached without undefined behaviour gets no such note
    let (code, out) = clang(&["-O2", "-g", &p, "-c", "fig1_unsafe.c", "-o", o.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: ufo-verify: reach_error() is reachable") && !out.contains("undefined"), "{out}");
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
        FIG1.iter().any(|inv| out.contains(&format!(
            "fig1_safe.c:8:12: remark: ufo-verify: reach_error() is unreachable; loop invariant: {inv}"
        ))),
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
    assert!(
        FIG1.iter().any(|inv| out
            .contains(&format!("fig1_safe.c:8:12: remark: reach_error() is unreachable; loop invariant: {inv}"))),
        "{out}"
    );
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
        run(Command::new("clang-19").args(["-O2", "-g", "-c", "plain.c", "-o", "clang.o"]).current_dir(dir.path()));
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

/// The LLVM-14 build of the plugin inside clang-14 (a plugin must match its
/// host's LLVM): the same warning at the same line, the replayed input, and
/// the same object as clang-14 alone.
#[test]
fn the_llvm14_plugin_runs_inside_clang_14() {
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("with.o");
    let without = dir.path().join("without.o");
    let p = format!("-fpass-plugin={}", plugin_for(14).display());
    let (code, out) = clang_version(14, &["-O2", "-g", &p, "-c", "fig1_unsafe.c", "-o", with.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("fig1_unsafe.c:12:15: warning: ufo-verify: reach_error() is reachable [-Wpass-failed=ufo-verify]"),
        "{out}"
    );
    assert!(out.contains("note: fig1_unsafe.c:6:11: input: __VERIFIER_nondet_int() = "), "{out}");
    let (code, out) = clang_version(14, &["-O2", "-g", "-c", "fig1_unsafe.c", "-o", without.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(std::fs::read(&with).unwrap(), std::fs::read(&without).unwrap(), "the plugin changed the code");
    // The LLVM-19 plugin is not for clang-14: LLVM refuses it, and the build
    // of a user who picked the wrong one stops with clang's message.
    let wrong = format!("-fpass-plugin={}", plugin().display());
    let (code, out) = clang_version(14, &["-O2", &wrong, "-c", "fig1_safe.c", "-o", without.to_str().unwrap()], &[]);
    assert_ne!(code, 0, "{out}");
}

fn plugin_path(args: &[&str]) -> (i32, String) {
    run(Command::new(env!("CARGO_BIN_EXE_ufo")).arg("plugin-path").args(args).env_remove("UFO_CLANG"))
}

/// `ufo plugin-path --for COMPILER` picks the plugin by the LLVM the compiler
/// reports; a compiler with no plugin gets a one-line message naming its LLVM
/// and the installed ones.
#[test]
fn plugin_path_names_the_plugin_for_each_compiler() {
    let (p14, p19) = (plugin_for(14), plugin());
    for (compiler, want) in [("clang-14", p14), ("opt-14", p14), ("clang-19", p19), ("opt-19", p19)] {
        let (code, out) = plugin_path(&["--for", compiler]);
        assert_eq!(code, 0, "{out}");
        assert_eq!(Path::new(out.trim()).canonicalize().unwrap(), want.canonicalize().unwrap(), "{compiler}");
    }
    // The default is ufo's own clang: clang-19 here.
    let (code, out) = plugin_path(&[]);
    assert_eq!((code, Path::new(out.trim()).canonicalize().unwrap()), (0, p19.canonicalize().unwrap()));
    // A clang 17 (a script that says it is one).
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("clang-17");
    std::fs::write(&fake, "#!/bin/sh\necho 'Ubuntu clang version 17.0.6 (9ubuntu1)'\n").unwrap();
    let mut perm = std::fs::metadata(&fake).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&fake, perm).unwrap();
    let (code, out) = plugin_path(&["--for", fake.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("is LLVM 17, and no plugin for LLVM 17 is installed") && out.contains("14"), "{out}");
    let (code, out) = plugin_path(&["--for", "/nonexistent/clang"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("cannot run /nonexistent/clang --version"), "{out}");
}

/// `ufo cc` wraps the clang in UFO_CC, whatever its version up to 19: with
/// clang-14 the object is clang-14's, and the unit is verified all the same.
#[test]
fn ufo_cc_wraps_the_clang_in_ufo_cc() {
    let t = root().join("llvm-tests");
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ufo.o");
    let theirs = dir.path().join("clang14.o");
    let (code, out) =
        ufo_cc(&["-O2", "-g", "-c", "fig1_unsafe.c", "-o", ours.to_str().unwrap()], &t, &[("UFO_CC", "clang-14")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fig1_unsafe.c:12:15: warning: reach_error() is reachable [ufo]"), "{out}");
    let (code, out) = clang_version(14, &["-O2", "-g", "-c", "fig1_unsafe.c", "-o", theirs.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(std::fs::read(&ours).unwrap(), std::fs::read(&theirs).unwrap(), "not clang-14's object");
    // clang-14's own diagnostics come through (its caret style, not clang-19's).
    let (_, out) = ufo_cc(&["-c", "bad/does_not_compile.c", "-o", "/dev/null"], &t, &[("UFO_CC", "clang-14")]);
    let (_, direct) = clang_version(14, &["-c", "bad/does_not_compile.c", "-o", "/dev/null"], &[]);
    assert_eq!(out, direct);
}

/// The plugin links no Z3 (docs/architecture.md `plugin/`): the compiler's
/// libLLVM may have loaded the system's libz3, which must not meet ufo's.
/// It parses `UFO_OPTIONS` with ufo's parser, whose engine names come from
/// the registry: a registry holding the engines' code (function pointers)
/// linked every engine, and Z3, into the plugin (then no compiler could load
/// it: libz3.so.5.3 not found).
#[test]
fn the_plugin_links_no_z3() {
    let so = plugin();
    let nm = Command::new("llvm-nm-19").args(["-D", "--undefined-only"]).arg(so).output().expect("llvm-nm-19 runs");
    let undefined = String::from_utf8_lossy(&nm.stdout);
    let z3: Vec<&str> = undefined.lines().filter(|l| l.contains("Z3_")).take(5).collect();
    assert!(nm.status.success() && z3.is_empty(), "{}: Z3 symbols {z3:?}", so.display());
}

/// A sum of two numbers read by `scanf`, with no check of its own.
const SUM: &str = "#include <stdio.h>\n\nint main(void) {\n  int a, b;\n  if (scanf(\"%d %d\", &a, &b) != 2)\n    return 1;\n  printf(\"%d\\n\", a + b);\n  return 0;\n}\n";

/// Under a property whose checks the compiler adds (issue 51), `ufo cc`
/// verifies every source, one without any `assert()` too: the overflow of
/// the sum, compiled in with UBSan's checks, is a warning at the `+` naming
/// SV-COMP's property, with the replay's sanitizer report as a note; an
/// out-of-bounds write under `memsafety` likewise, and `--ufo-werror` fails
/// the build and removes the object.
#[test]
fn ufo_cc_checks_every_source_for_the_properties_in_ufo_options() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sum.c"), SUM).unwrap();
    let env = [("UFO_OPTIONS", "--property overflow --timeout 30")];
    let (code, out) = ufo_cc(&["-O2", "-g", "-c", "sum.c", "-o", "sum.o"], dir.path(), &env);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("sum.c:7:20: warning: a signed integer overflow (no-overflow) [ufo]"), "{out}");
    assert!(
        out.contains("note: the sanitizer reports it on the replay (signed-overflow): signed integer overflow"),
        "{out}"
    );
    assert!(dir.path().join("sum.o").exists());
    // (the default property: the file has no check, nothing is said)
    let (code, out) = ufo_cc(&["-O2", "-g", "-c", "sum.c", "-o", "sum.o"], dir.path(), &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    let src = root().join("tests/data/memsafety/heap_off_by_one.c");
    let src = src.to_str().unwrap();
    let env = [("UFO_OPTIONS", "--property memsafety --timeout 30")];
    let (code, out) = ufo_cc(&["-O2", "-g", "-c", src, "-o", "h.o", "--ufo-werror"], dir.path(), &env);
    assert_eq!(code, 1, "{out}");
    let warning =
        "heap_off_by_one.c:13:10: warning: an access outside its object: access of 4 bytes outside the block \
                   of malloc at line 9 (valid-deref) [ufo]";
    assert!(out.contains(warning), "{out}");
    assert!(!dir.path().join("h.o").exists(), "no object after the error");
}

/// The plugin sees the module clang built: an overflow is checked when the
/// user compiles UBSan's checks in as traps (then they are in the object
/// too), a warning at the `+`; without them, the warning says which flags.
#[test]
fn the_plugin_checks_overflows_that_clang_compiled_in() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sum.c"), SUM).unwrap();
    let env = [("UFO_OPTIONS", "--property overflow --timeout 30")];
    let checks = ["-fsanitize=signed-integer-overflow", "-fsanitize-trap=signed-integer-overflow"];
    let p = plugin_flag();
    let mut args = vec!["-O2", "-g", &p, "-c", "sum.c", "-o", "sum.o"];
    let mut cmd = Command::new("clang-19");
    cmd.args(&args).current_dir(dir.path()).envs(env);
    let (code, out) = run(&mut cmd);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("needs the C source, or IR compiled with `-fsanitize=signed-integer-overflow"), "{out}");
    args.extend(checks);
    let mut cmd = Command::new("clang-19");
    cmd.args(&args).current_dir(dir.path()).envs(env);
    let (code, out) = run(&mut cmd);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("sum.c:7:20: warning: ufo-verify: a signed integer overflow (no-overflow)"), "{out}");
}
