//! `ufo cc`: the user's clang, which also verifies (issues 7 and 16), so that
//! `make CC="ufo cc"` verifies a whole project.
//!
//! 1. The clang (`$UFO_CC`, else the clang `ufo verify` uses: `--clang`/
//!    `$UFO_CLANG`, else the newest of clang-19 … clang-14) runs with exactly
//!    the given arguments, its output and exit code passed through: the build
//!    gets the same object files as from that clang.
//! 2. If that succeeded, every C source on the command line whose text mentions
//!    `assert`, `reach_error` or `__VERIFIER_` (the quick check; other files cost nothing
//!    more), or every C source if `UFO_OPTIONS` names a property whose checks
//!    the compiler adds (`--property overflow,memsafety`: issue 51), is
//!    compiled once more, to bitcode, with the same preprocessor and target
//!    flags and those checks' flags (by the same clang, unless its LLVM is
//!    newer than ufo's: then by ufo's), and verified in memory at the command
//!    line's `-O` level, as `ufo verify` would (`UFO_OPTIONS` for the rest).
//! 3. Answers are printed as clang prints diagnostics. The exit code is clang's,
//!    or 1 if a bug was found and `--ufo-werror` (or `--werror` in
//!    `UFO_OPTIONS`) was given; then, as after a compilation error, clang's
//!    output file is removed.

use crate::error::Error;
use crate::frontend::{self, DataModel, OptLevel, Properties};
use crate::pipeline_options::PipelineOptions;
use crate::report::diagnostics::{render, Diagnostic, Severity};
use std::path::Path;
use std::process::Command;

/// The wrapper's own flag; every other argument goes to clang.
pub const WERROR_FLAG: &str = "--ufo-werror";

/// Exit code when verification fails the build.
pub const EXIT_BUG: i32 = 1;

/// Options of clang's that take their value as the next argument.
const TAKES_VALUE: &[&str] = &[
    "-o",
    "-x",
    "-I",
    "-D",
    "-U",
    "-include",
    "-imacros",
    "-isystem",
    "-idirafter",
    "-iquote",
    "-isysroot",
    "-iprefix",
    "-iwithprefix",
    "-MF",
    "-MT",
    "-MQ",
    "-MJ",
    "-target",
    "-arch",
    "-Xclang",
    "-Xlinker",
    "-Xpreprocessor",
    "-Xassembler",
    "-L",
    "-l",
    "-T",
    "-u",
    "-z",
    "--param",
    "-aux-target",
];

/// Options that do not matter for the meaning of the code (outputs, warnings,
/// debug info, optimization, linking, instrumentation): dropped when ufo
/// compiles a source to bitcode itself.
fn irrelevant_for_bitcode(a: &str) -> bool {
    const EXACT: &[&str] = &[
        "-c",
        "-S",
        "-E",
        "-emit-llvm",
        "-M",
        "-MM",
        "-MD",
        "-MMD",
        "-MP",
        "-MG",
        "-w",
        "-shared",
        "-static",
        "-pie",
        "-no-pie",
        "-rdynamic",
        "-pipe",
        "-save-temps",
        "-v",
        "-fsyntax-only",
    ];
    const PREFIX: &[&str] = &[
        "-O",
        "-g",
        "-W",
        "-fpass-plugin",
        "-flto",
        "-fsanitize",
        "-fprofile",
        "-fcoverage",
        "-fdiagnostics",
        "-fcolor-diagnostics",
        "-fno-color-diagnostics",
        "-l",
        "-L",
        "-o",
        "-R",
    ];
    EXACT.contains(&a) || PREFIX.iter().any(|p| a.starts_with(p))
}

/// What `ufo cc` learns from clang's arguments.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CcCommand {
    /// Arguments for clang, `--ufo-*` removed.
    pub clang_args: Vec<String>,
    /// The C sources (`.c`, `.i`) to verify.
    pub sources: Vec<String>,
    /// The arguments that shape the code of a source (defines, includes,
    /// target, language options), for compiling it to bitcode.
    pub code_args: Vec<String>,
    /// The last `-O` level (clang's default, `-O0`, if none).
    pub opt: Option<OptLevel>,
    pub data_model: Option<DataModel>,
    pub werror: bool,
    /// Only preprocessing or dependency output was asked for: nothing to verify.
    pub no_code: bool,
    /// `-o`'s value.
    pub output: Option<String>,
    /// `-c` or `-S` was given (one output per source unless `-o`).
    pub compile_only: bool,
}

/// The `-O` level clang would use for `-O<x>`.
fn opt_level(x: &str) -> OptLevel {
    match x {
        "0" => OptLevel::O0,
        "" | "1" | "g" => OptLevel::O1,
        "2" => OptLevel::O2,
        "s" | "z" => OptLevel::Os,
        _ => OptLevel::O3, // 3, 4, fast
    }
}

fn is_ilp32_target(t: &str) -> bool {
    ["i386", "i486", "i586", "i686"].iter().any(|p| t.starts_with(p))
}

/// Reads the command line of `ufo cc`.
pub fn parse(args: &[String]) -> CcCommand {
    let mut c = CcCommand::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == WERROR_FLAG {
            c.werror = true;
            continue;
        }
        c.clang_args.push(a.to_string());
        if TAKES_VALUE.contains(&a) {
            let Some(v) = args.get(i) else { break };
            i += 1;
            c.clang_args.push(v.clone());
            if a == "-o" {
                c.output = Some(v.clone());
            }
            if a == "-target" && is_ilp32_target(v) {
                c.data_model = Some(DataModel::Ilp32);
            }
            if !irrelevant_for_bitcode(a) && !matches!(a, "-MF" | "-MT" | "-MQ" | "-MJ" | "-Xlinker" | "-u" | "-z") {
                c.code_args.extend([a.to_string(), v.clone()]);
            }
            continue;
        }
        if !a.starts_with('-') {
            if a.ends_with(".c") || a.ends_with(".i") {
                c.sources.push(a.to_string());
            }
            continue;
        }
        if let Some(x) = a.strip_prefix("-O") {
            c.opt = Some(opt_level(x));
        }
        match a {
            "-m32" => c.data_model = Some(DataModel::Ilp32),
            "-m64" => c.data_model = Some(DataModel::Lp64),
            "-E" | "-M" | "-MM" => c.no_code = true,
            "-c" | "-S" => c.compile_only = true,
            _ => {}
        }
        if let Some(t) = a.strip_prefix("--target=") {
            c.data_model = Some(if is_ilp32_target(t) { DataModel::Ilp32 } else { DataModel::Lp64 });
        }
        if !irrelevant_for_bitcode(a) && !a.starts_with("-Wl,") {
            c.code_args.push(a.to_string());
        }
    }
    c
}

/// The quick check: does the file mention a check at all (`assert`,
/// `reach_error`, `__VERIFIER_`, `__builtin_trap`)?
pub fn mentions_verifier(path: &str) -> bool {
    let words: [&[u8]; 4] = [b"reach_error", b"__VERIFIER_", b"assert", b"__builtin_trap"];
    std::fs::read(path).is_ok_and(|t| words.iter().any(|w| t.windows(w.len()).any(|x| x == *w)))
}

/// The compiler `ufo cc` wraps: `$UFO_CC`, else `ufo verify`'s clang.
pub fn compiler() -> String {
    std::env::var("UFO_CC").ok().filter(|c| !c.is_empty()).unwrap_or_else(frontend::clang)
}

/// The clang that compiles a unit to bitcode for verification: the wrapped
/// one, unless it reports an LLVM newer than ufo's (whose bitcode ufo cannot
/// read); then ufo's own.
fn bitcode_compiler() -> String {
    let wrapped = compiler();
    let newer = frontend::version_line(&wrapped)
        .and_then(|l| frontend::major_version(&l))
        .is_some_and(|m| m > frontend::llvm_major());
    if newer {
        frontend::clang()
    } else {
        wrapped
    }
}

/// Compiles `source` to bitcode as `ufo verify` compiles C, with `code_args`
/// and the checks `property` needs compiled in (`frontend::check_flags`),
/// legacy C relaxed unless `strict_c` (`frontend::dialect`),
/// into `out`, in the directory `cwd` (a compilation database's, where its
/// relative include paths hold) or here. The error names the source and
/// clang's first error line.
pub fn compile_to_bitcode(
    source: &str,
    code_args: &[String],
    dm: DataModel,
    property: Properties,
    strict_c: bool,
    cwd: Option<&Path>,
    out: &Path,
) -> Result<(), Error> {
    let clang = bitcode_compiler();
    let mut cmd = Command::new(&clang);
    cmd.args(code_args).args(frontend::clang_flags(dm)).args(frontend::dialect::flags(strict_c));
    cmd.args(frontend::check_flags(property));
    cmd.arg("-o").arg(out).arg(source);
    if let Some(d) = cwd {
        cmd.current_dir(d);
    }
    let o = cmd.output().map_err(|e| Error::Tool(format!("cannot run {clang}: {e}")))?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        let first = err.lines().find(|l| l.contains("error")).unwrap_or("clang failed").trim().to_string();
        return Err(Error::input(source, format!("cannot compile to bitcode: {first}")));
    }
    Ok(())
}

/// [`compile_to_bitcode`] in a temporary directory; the module's bytes.
fn bitcode(source: &str, code_args: &[String], dm: DataModel, opts: &PipelineOptions) -> Result<Vec<u8>, Error> {
    let dir = tempfile::tempdir().map_err(|e| Error::Tool(format!("cannot create a temporary directory: {e}")))?;
    let out = dir.path().join("tu.bc");
    compile_to_bitcode(source, code_args, dm, opts.properties(), opts.strict_c, None, &out)?;
    std::fs::read(&out).map_err(|e| Error::Tool(format!("cannot read {}: {e}", out.display())))
}

/// The diagnostics of verifying one source.
fn verify_source(source: &str, c: &CcCommand, opts: &PipelineOptions, werror: bool) -> (Vec<Diagnostic>, bool) {
    let dm = c.data_model.unwrap_or(DataModel::Lp64);
    let one = |severity, message| (vec![Diagnostic { severity, at: None, message }], false);
    let bc = match bitcode(source, &c.code_args, dm, opts) {
        Ok(b) => b,
        Err(e) => return one(Severity::Warning, format!("not verified: {e}")),
    };
    crate::runner::unit(source, bc, opts, c.opt.unwrap_or(OptLevel::O0), dm, werror)
}

/// Runs `ufo cc ARGS`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let c = parse(args);
    let status = Command::new(compiler()).args(&c.clang_args).status();
    let code = match status {
        Ok(s) => s.code().unwrap_or(1),
        Err(e) => {
            eprintln!("ufo cc: cannot run {}: {e} (install clang-19, or name a clang in UFO_CC)", compiler());
            return crate::error::EXIT_INPUT;
        }
    };
    if code != 0 || c.no_code {
        return code;
    }
    let text = std::env::var(crate::pipeline_options::VAR).unwrap_or_default();
    let parsed = PipelineOptions::parse(&text);
    // (every source under a property the compiler's checks state; a file
    // without a check costs nothing more otherwise)
    let instrumented = parsed.as_ref().is_ok_and(|o| o.properties().instrumented());
    let todo: Vec<&String> =
        c.sources.iter().filter(|s| Path::new(s).is_file() && (instrumented || mentions_verifier(s))).collect();
    if todo.is_empty() {
        return 0;
    }
    let opts = match parsed {
        Ok(o) => o,
        Err(e) => {
            let werror = c.werror || PipelineOptions::wants_werror(&text);
            let severity = if werror { "error" } else { "warning" };
            eprintln!("ufo cc: {severity}: {e}; nothing verified");
            return if werror { EXIT_BUG } else { 0 };
        }
    };
    let werror = c.werror || opts.werror;
    let mut bug = false;
    for source in todo {
        let (diags, unsafe_) = verify_source(source, &c, &opts, werror);
        for d in &diags {
            eprintln!("{}", render(d, source));
        }
        bug |= unsafe_;
    }
    if bug && werror {
        // As a compiler does on an error: no output is left for make to trust.
        for out in outputs(&c) {
            let _ = std::fs::remove_file(out);
        }
        EXIT_BUG
    } else {
        0
    }
}

/// The files clang wrote: `-o`'s value, or each source's `.o`/`.s` (with `-c`/`-S`)
/// or `a.out`.
fn outputs(c: &CcCommand) -> Vec<String> {
    if let Some(o) = &c.output {
        return vec![o.clone()];
    }
    if !c.compile_only {
        return vec!["a.out".into()];
    }
    let ext = if c.clang_args.iter().any(|a| a == "-S") { "s" } else { "o" };
    c.sources
        .iter()
        .filter_map(|s| Path::new(s).file_stem().map(|f| format!("{}.{ext}", f.to_string_lossy())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn reads_sources_levels_and_code_flags() {
        let c = parse(&args("-O2 -g -Wall -DN=3 -I inc -m32 -c a.c -o a.o --ufo-werror -MD -MF a.d b.i x.o"));
        assert_eq!(c.sources, ["a.c", "b.i"]);
        assert_eq!(c.opt, Some(OptLevel::O2));
        assert_eq!(c.data_model, Some(DataModel::Ilp32));
        assert!(c.werror && !c.no_code && c.compile_only);
        assert_eq!(c.output.as_deref(), Some("a.o"));
        assert_eq!(c.code_args, args("-DN=3 -I inc -m32"));
        assert_eq!(c.clang_args, args("-O2 -g -Wall -DN=3 -I inc -m32 -c a.c -o a.o -MD -MF a.d b.i x.o"));
    }

    #[test]
    fn the_last_level_wins_and_preprocessing_has_no_code() {
        let c = parse(&args("-O3 -Os -E f.c"));
        assert_eq!((c.opt, c.no_code), (Some(OptLevel::Os), true));
        assert_eq!(parse(&args("-Ofast f.c")).opt, Some(OptLevel::O3));
        assert_eq!(parse(&args("f.c")).opt, None);
        assert_eq!(parse(&args("--target=i686-linux-gnu f.c")).data_model, Some(DataModel::Ilp32));
        // The value of -o is not a source, even if it ends in .c.
        assert!(parse(&args("-E f.c -o out.c")).sources == ["f.c"]);
    }
}
