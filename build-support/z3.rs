// The project's own Z3 (DESIGN.md "The solver"), shared by ufo's build.rs and
// the plugin's (`include!`d by both): scripts/setup installs the pinned
// release (`Z3_SYS_Z3_VERSION` in .cargo/config.toml) from PyPI's `z3-solver`
// wheel into `.z3/` of the workspace; `UFO_Z3_DIR` overrides that directory.
// The binaries link its libz3 with an rpath, so they run without environment
// settings, and `UFO_Z3_BIN` records its `z3` executable (the Spacer baseline).

/// Links the project's libz3 and records where its `z3` binary is.
fn link_project_z3(workspace: &std::path::Path) {
    println!("cargo:rerun-if-env-changed=UFO_Z3_DIR");
    println!("cargo:rerun-if-env-changed=Z3_SYS_Z3_VERSION");
    let dir = std::env::var_os("UFO_Z3_DIR").map(std::path::PathBuf::from).unwrap_or_else(|| workspace.join(".z3"));
    let lib = dir.join("z3").join("lib");
    let bin = dir.join("bin").join("z3");
    println!("cargo:rerun-if-changed={}", lib.display());
    let pinned = std::env::var("Z3_SYS_Z3_VERSION").unwrap_or_default();
    let installed = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_prefix("z3_solver-")?.strip_suffix(".dist-info").map(String::from))
        .next();
    match installed {
        None => println!(
            "cargo:warning=the project's Z3 is not installed in {} (run scripts/setup); linking the system libz3",
            dir.display()
        ),
        Some(v) if !v.starts_with(&format!("{pinned}.")) && v != pinned => {
            println!("cargo:warning=Z3 {v} is installed in {}, the build expects {pinned} (run scripts/setup)", dir.display())
        }
        Some(_) => {}
    }
    println!("cargo:rustc-link-search=native={}", lib.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
    println!("cargo:rustc-env=UFO_Z3_BIN={}", bin.display());
}
