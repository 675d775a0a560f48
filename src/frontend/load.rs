//! Step 1 of the pipeline: compile C with clang and read bitcode/textual IR
//! with inkwell; several files are linked into one module (as `llvm-link` does).
//!
//! The clang is `$UFO_CLANG` (what `--clang PATH` sets), else the
//! newest of `clang-19` … `clang-14`, `clang` on `PATH` ([`DEFAULT_CLANGS`]): LLVM
//! reads the bitcode of every older version, so the newest clang is the one
//! whose output ufo (on LLVM 19) and every replay can read.

use super::dialect::{self, Relaxed};
use super::{DataModel, Properties};
use crate::error::{Error, Result};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

/// The clangs looked for on `PATH` when none is named, newest first.
pub const DEFAULT_CLANGS: [&str; 7] = ["clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang-14", "clang"];

/// Is `name` an executable on `PATH` (or, with a `/`, a path to one)?
pub fn on_path(name: &str) -> bool {
    which(name).is_some()
}

/// The executable file `name` runs: itself if it names a path, else the
/// first on `PATH`.
pub fn which(name: &str) -> Option<std::path::PathBuf> {
    let executable = |p: &Path| p.is_file() && p.metadata().is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    if name.contains('/') {
        return Some(Path::new(name).to_path_buf()).filter(|p| executable(p));
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| executable(p))
}

/// The clang binary that compiles C for ufo and for every replay.
pub fn clang() -> String {
    if let Some(c) = std::env::var("UFO_CLANG").ok().filter(|c| !c.is_empty()) {
        return c;
    }
    static FOUND: OnceLock<String> = OnceLock::new();
    FOUND.get_or_init(|| DEFAULT_CLANGS.iter().find(|c| on_path(c)).unwrap_or(&DEFAULT_CLANGS[0]).to_string()).clone()
}

/// `clang --version`'s first line, if that clang runs.
pub fn clang_version() -> Option<String> {
    version_line(&clang())
}

/// The line of `compiler --version` that names its version (the first line
/// for clang and Debian's opt; the second for upstream's opt, after "LLVM
/// (http://llvm.org/):"), if it runs.
pub fn version_line(compiler: &str) -> Option<String> {
    let out = Command::new(compiler).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.contains("version ")).or_else(|| text.lines().next())?;
    Some(line.trim().to_string()).filter(|l| !l.is_empty())
}

/// The LLVM major version in a version line (`... clang version 19.1.7 ...`,
/// `LLVM version 14.0.6`, `LLVM19.1.7`).
pub fn major_version(line: &str) -> Option<u32> {
    let at = line.find("version ").map(|i| i + "version ".len()).or_else(|| line.find("LLVM").map(|i| i + 4))?;
    line[at..].trim_start().split('.').next()?.parse().ok()
}

/// The clang flags DESIGN.md step 1 prescribes, and `-ffp-contract=off`:
/// `a * b + c` stays two operations rounded each (C's semantics as SV-COMP
/// reads it, and what x86-64 without FMA runs), not `llvm.fmuladd`. The
/// warning flags are the dialect's (`dialect::flags`).
pub fn clang_flags(dm: DataModel) -> Vec<&'static str> {
    let mut v = vec![
        "-c",
        "-emit-llvm",
        "-g",
        "-O0",
        "-Xclang",
        "-disable-O0-optnone",
        "-fno-discard-value-names",
        "-ffp-contract=off",
    ];
    if dm == DataModel::Ilp32 {
        v.push("-m32");
    }
    v
}

/// The UBSan checks that `properties` compile into the program, as traps
/// (`-fsanitize-trap`: an `llvm.ubsantrap` call the frontend makes an error
/// of its kind, `builtins::ubsan_kind`); none for the program's own checks.
pub fn check_flags(properties: Properties) -> Vec<String> {
    let mut checks = Vec::new();
    if properties.overflow {
        checks.push("signed-integer-overflow");
    }
    if properties.shifts_and_division {
        checks.extend(["shift", "integer-divide-by-zero"]);
    }
    if checks.is_empty() {
        return Vec::new();
    }
    let checks = checks.join(",");
    vec![format!("-fsanitize={checks}"), format!("-fsanitize-trap={checks}")]
}

/// Compiles C to bitcode at `out`; the relaxed diagnostics it triggered
/// (none with `strict`, where they are errors).
fn compile_c(path: &str, dm: DataModel, checks: &[String], strict: bool, out: &Path) -> Result<Vec<Relaxed>> {
    let mut cmd = Command::new(clang());
    cmd.args(clang_flags(dm)).args(dialect::flags(strict)).args(checks);
    let output = cmd.arg("-o").arg(out).arg(path).output().map_err(|e| {
        Error::Tool(format!("cannot run {}: {e} (install clang-19, or name one with --clang)", clang()))
    })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().find(|l| l.contains("error")).unwrap_or("clang failed").trim().to_string();
        return Err(Error::input(path, format!("does not compile: {first}")));
    }
    Ok(dialect::relaxed(&String::from_utf8_lossy(&output.stderr)))
}

/// How C files are compiled: the checks of the properties (`check_flags`)
/// and the dialect (`--strict-c`).
#[derive(Clone, Copy, Debug, Default)]
pub struct CompileC<'a> {
    pub checks: &'a [String],
    pub strict: bool,
}

fn load_one<'c>(
    ctx: &'c Context,
    path: &str,
    dm: DataModel,
    c: CompileC,
    tmp: &Path,
    relaxed: &mut Vec<Relaxed>,
) -> Result<Module<'c>> {
    let p = Path::new(path);
    if !p.exists() {
        return Err(Error::input(path, "no such file"));
    }
    if p.is_dir() {
        return Err(Error::input(path, "is a directory"));
    }
    let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "c" | "i" => {
            let out = tmp.join(format!("{}.bc", p.file_name().and_then(|f| f.to_str()).unwrap_or("input")));
            relaxed.extend(compile_c(path, dm, c.checks, c.strict, &out)?);
            Module::parse_bitcode_from_path(&out, ctx).map_err(|e| {
                Error::input(
                    path,
                    unreadable(&format!("{}'s output is unreadable", clang()), &e.to_string(), &read_bytes(&out)),
                )
            })
        }
        "bc" => Module::parse_bitcode_from_path(p, ctx)
            .map_err(|e| Error::input(path, unreadable("not valid LLVM bitcode", &e.to_string(), &read_bytes(p)))),
        "ll" => {
            let buf = MemoryBuffer::create_from_file(p).map_err(|e| Error::input(path, e.to_string()))?;
            ctx.create_module_from_ir(buf)
                .map_err(|e| Error::input(path, unreadable("invalid LLVM IR", &e.to_string(), &read_bytes(p))))
        }
        _ => Err(Error::input(path, "unknown file type (expected .c, .i, .bc or .ll)")),
    }
}

fn first_line(s: &str) -> String {
    s.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

fn read_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_default()
}

/// The version of the LLVM that wrote a module LLVM could not read: from
/// LLVM's own message (`(Producer: 'LLVM20.1.0' Reader: 'LLVM 19.1.7')`), else
/// from the clang named in the module's `llvm.ident` (kept as plain text in
/// both bitcode and textual IR: `clang version 20.1.0`).
pub fn producer_version(llvm_message: &str, module: &[u8]) -> Option<String> {
    let version = |rest: &str| -> Option<String> {
        let v: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        Some(v).filter(|v| v.starts_with(|c: char| c.is_ascii_digit()))
    };
    if let Some(at) = llvm_message.find("Producer: 'LLVM") {
        return version(&llvm_message[at + "Producer: 'LLVM".len()..]);
    }
    let needle = b"clang version ";
    let at = module.windows(needle.len()).position(|w| w == needle)? + needle.len();
    let tail = &module[at..module.len().min(at + 16)];
    version(&String::from_utf8_lossy(tail))
}

/// One line for a module LLVM could not read (`what`: "not valid LLVM
/// bitcode", "invalid LLVM IR"): when a newer LLVM than ufo's wrote it, the
/// line names both versions and what to do.
pub fn unreadable(what: &str, llvm_message: &str, module: &[u8]) -> String {
    let said = first_line(llvm_message);
    let ours = super::llvm_version();
    let newer = producer_version(llvm_message, module).filter(|v| {
        let major = |v: &str| v.split('.').next().and_then(|m| m.parse::<u32>().ok());
        major(v).is_some_and(|m| m > super::llvm_major())
    });
    match newer {
        Some(v) => format!(
            "{what}: written by LLVM {v}, newer than ufo's LLVM {ours}: compile it with clang-{major} or older \
             (--clang), or use a ufo built on LLVM {v} (LLVM says: {said})",
            major = super::llvm_major()
        ),
        None => format!("{what}: {said}"),
    }
}

/// Reads a module from bitcode in memory.
pub fn parse_bitcode<'c>(ctx: &'c Context, name: &str, bitcode: &[u8]) -> Result<Module<'c>> {
    let buf = MemoryBuffer::create_from_memory_range_copy(bitcode, name);
    let m = Module::parse_bitcode_from_buffer(&buf, ctx)
        .map_err(|e| Error::input(name, unreadable("not valid LLVM bitcode", &e.to_string(), bitcode)))?;
    m.verify().map_err(|e| Error::input(name, format!("invalid module: {}", first_line(&e.to_string()))))?;
    Ok(m)
}

/// Loads every file and links them into the first; the relaxed diagnostics
/// of the C files.
pub fn load_and_link<'c>(
    ctx: &'c Context,
    files: &[String],
    dm: DataModel,
    c: CompileC,
) -> Result<(Module<'c>, Vec<Relaxed>)> {
    if files.is_empty() {
        return Err(Error::Usage("no input files".into()));
    }
    let tmp = tempfile::tempdir().map_err(|e| Error::Tool(format!("cannot create a temporary directory: {e}")))?;
    let mut main: Option<Module<'c>> = None;
    let mut relaxed = Vec::new();
    for f in files {
        let m = load_one(ctx, f, dm, c, tmp.path(), &mut relaxed)?;
        if let Err(e) = m.verify() {
            return Err(Error::input(f, format!("invalid module: {}", first_line(&e.to_string()))));
        }
        match &main {
            None => main = Some(m),
            Some(acc) => acc
                .link_in_module(m)
                .map_err(|e| Error::input(f, format!("cannot link: {}", first_line(&e.to_string()))))?,
        }
    }
    Ok((main.expect("at least one file"), relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn major_versions_of_what_compilers_print() {
        assert_eq!(major_version("Debian clang version 19.1.7 (3~deb12u1)"), Some(19));
        assert_eq!(major_version("Ubuntu clang version 14.0.0-1ubuntu1.1"), Some(14));
        assert_eq!(major_version("Debian LLVM version 14.0.6"), Some(14));
        assert_eq!(major_version("  LLVM version 18.1.8"), Some(18));
        assert_eq!(major_version("gcc (Debian 12.2.0-14) 12.2.0"), None);
    }

    #[test]
    fn the_producer_of_an_unreadable_module() {
        let llvm = "Unknown attribute kind (102) (Producer: 'LLVM21.1.0' Reader: 'LLVM 19.1.7')";
        assert_eq!(producer_version(llvm, b"").as_deref(), Some("21.1.0"));
        let ident = b"....!llvm.ident = !{!0}\n!0 = !{!\"Debian clang version 20.1.8 (1)\"}";
        assert_eq!(producer_version("expected instruction opcode", ident).as_deref(), Some("20.1.8"));
        assert_eq!(producer_version("Invalid record", b"no ident here"), None);
        // Newer: both versions named, in one line; older or unknown: LLVM's message as it is.
        let ours = crate::frontend::llvm_version();
        let newer = unreadable("invalid LLVM IR", "error: expected type\nmore", ident);
        assert!(newer.starts_with("invalid LLVM IR: written by LLVM 20.1.8, newer than ufo's LLVM "), "{newer}");
        assert!(newer.contains(&ours) && !newer.contains('\n') && newer.ends_with("(LLVM says: error: expected type)"));
        let old = b"!0 = !{!\"clang version 14.0.6\"}";
        assert_eq!(unreadable("invalid LLVM IR", "error: expected type", old), "invalid LLVM IR: error: expected type");
    }
}
