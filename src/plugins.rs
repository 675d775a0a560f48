//! Which pass plugin a compiler loads (issue 16). A plugin runs inside its
//! host's LLVM, so there is one build per LLVM version, installed beside the
//! `ufo` binary as `libufo_plugin-llvmNN.so` (`scripts/build-plugins`); the
//! right one is chosen by the LLVM major version the compiler reports
//! (`clang-19 --version`: "... clang version 19.1.7", `opt-14 --version`:
//! "LLVM version 14.0.6").

use crate::error::{Error, Result};
use crate::frontend;
use std::path::{Path, PathBuf};

/// The file name of the plugin for LLVM `major`.
pub fn file_name(major: u32) -> String {
    format!("libufo_plugin-llvm{major}.so")
}

/// The directory the plugins are installed in: the `ufo` binary's own.
pub fn directory() -> Option<PathBuf> {
    std::env::current_exe().ok()?.parent().map(Path::to_path_buf)
}

/// The installed plugins, as (LLVM major, path), oldest first.
pub fn installed(dir: &Path) -> Vec<(u32, PathBuf)> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let major = name.strip_prefix("libufo_plugin-llvm")?.strip_suffix(".so")?.parse().ok()?;
            Some((major, e.path()))
        })
        .collect();
    found.sort();
    found
}

/// The plugin for `compiler` (a name on `PATH` or a path; default: the clang
/// ufo compiles with), or why there is none.
pub fn plugin_for(compiler: Option<&str>) -> Result<PathBuf> {
    let compiler = compiler.map(str::to_string).unwrap_or_else(frontend::clang);
    let line = frontend::version_line(&compiler)
        .ok_or_else(|| Error::Tool(format!("cannot run {compiler} --version: is it installed?")))?;
    let major = frontend::major_version(&line)
        .ok_or_else(|| Error::Tool(format!("{compiler}: no LLVM version in its --version output: {line}")))?;
    let dir = directory().ok_or_else(|| Error::Tool("cannot find the directory of the ufo binary".into()))?;
    let path = dir.join(file_name(major));
    if path.is_file() {
        return Ok(path);
    }
    let have: Vec<String> = installed(&dir).iter().map(|(m, _)| m.to_string()).collect();
    let have = if have.is_empty() { "none".to_string() } else { have.join(", ") };
    Err(Error::Tool(format!(
        "{compiler} is LLVM {major}, and no plugin for LLVM {major} is installed in {} (installed: {have}); \
         install llvm-{major}-dev and run scripts/build-plugins",
        dir.display()
    )))
}
