//! The symbols of a compiled object that the replay's harness provides, read
//! and weakened in process: what `llvm-nm` and `llvm-objcopy
//! --weaken-symbol` did in two processes per object (about 70 ms of a
//! replay's 0.6 s on a small program, where Spacer's own answer takes 0.15 s).
//!
//! Invariants:
//! - Only the binding of named, defined, global symbols changes (`STB_GLOBAL`
//!   to `STB_WEAK`: the high nibble of their symbol table entry's `st_info`
//!   byte); nothing else of the file, so the object is otherwise as the
//!   compiler wrote it. An undefined reference stays strong: a function the
//!   harness failed to define is a link error, never a call through a null
//!   weak reference.
//! - ELF objects of either class (`-m32` builds are ELF32); anything else is
//!   an error naming what it is.
//!
//! Knows nothing of LLVM's API or Z3, as the rest of `replay`.

use object::elf;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::{Endianness, FileKind};
use std::path::Path;

/// A symbol of an object's symbol table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// The object defines it (locally or globally, weak or not), as opposed
    /// to referring to it.
    pub defined: bool,
}

/// A symbol table entry: the symbol, its binding, and the file offset of its
/// `st_info` byte.
struct Entry {
    symbol: Symbol,
    global: bool,
    info_at: usize,
}

fn entries(data: &[u8]) -> Result<Vec<Entry>, String> {
    match FileKind::parse(data).map_err(|e| e.to_string())? {
        FileKind::Elf32 => {
            entries_of::<elf::FileHeader32<Endianness>>(data, std::mem::offset_of!(elf::Sym32<Endianness>, st_info))
        }
        FileKind::Elf64 => {
            entries_of::<elf::FileHeader64<Endianness>>(data, std::mem::offset_of!(elf::Sym64<Endianness>, st_info))
        }
        other => Err(format!("not an ELF object ({other:?})")),
    }
}

/// The entries of `.symtab`, `info` being the offset of `st_info` in one.
fn entries_of<Elf: FileHeader<Endian = Endianness>>(data: &[u8], info: usize) -> Result<Vec<Entry>, String> {
    let err = |e: object::Error| e.to_string();
    let header = Elf::parse(data).map_err(err)?;
    let endian = header.endian().map_err(err)?;
    let sections = header.sections(endian, data).map_err(err)?;
    let symbols = sections.symbols(endian, data, elf::SHT_SYMTAB).map_err(err)?;
    if symbols.is_empty() {
        return Ok(Vec::new());
    }
    let table = sections.section(symbols.section()).map_err(err)?;
    let base = usize::try_from(table.sh_offset(endian).into()).map_err(|e| e.to_string())?;
    let size = std::mem::size_of::<Elf::Sym>();
    symbols
        .iter()
        .enumerate()
        .map(|(i, sym)| {
            let name = String::from_utf8_lossy(symbols.symbol_name(endian, sym).map_err(err)?).into_owned();
            Ok(Entry {
                symbol: Symbol { name, defined: !sym.is_undefined(endian) },
                global: sym.st_bind() == elf::STB_GLOBAL,
                info_at: base + i * size + info,
            })
        })
        .collect()
}

/// The bytes of the object file `obj`.
fn load(obj: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(obj).map_err(|e| format!("cannot read {}: {e}", obj.display()))
}

/// The named symbols of the object file `obj` (what `llvm-nm` lists).
pub fn read(obj: &Path) -> Result<Vec<Symbol>, String> {
    let all = entries(&load(obj)?).map_err(|e| format!("{}: {e}", obj.display()))?;
    Ok(all.into_iter().map(|e| e.symbol).filter(|s| !s.name.is_empty()).collect())
}

/// Makes the global symbols of `names` that `data` defines weak; returns how
/// many it changed.
pub fn weaken(data: &mut [u8], names: &[String]) -> Result<usize, String> {
    let mut changed = 0;
    for e in entries(data)? {
        if !(e.global && e.symbol.defined && names.contains(&e.symbol.name)) {
            continue;
        }
        let byte = data.get_mut(e.info_at).ok_or("a symbol table entry past the end of the file")?;
        *byte = (elf::STB_WEAK.0 << 4) | (*byte & 0xf);
        changed += 1;
    }
    Ok(changed)
}

/// [`weaken`] on the object file `obj`, in place (rewritten only if a
/// symbol changed).
pub fn weaken_file(obj: &Path, names: &[String]) -> Result<(), String> {
    let mut data = load(obj)?;
    if weaken(&mut data, names).map_err(|e| format!("{}: {e}", obj.display()))? == 0 {
        return Ok(());
    }
    std::fs::write(obj, data).map_err(|e| format!("cannot write {}: {e}", obj.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// Compiles `source` with the clang ufo uses (`-m32` if `m32`) to an
    /// object in `dir`.
    fn object(dir: &Path, source: &str, m32: bool) -> std::path::PathBuf {
        let c = dir.join("p.c");
        let o = dir.join("p.o");
        std::fs::write(&c, source).unwrap();
        let mut cmd = Command::new(crate::frontend::clang());
        if m32 {
            cmd.arg("-m32");
        }
        let out = cmd.args(["-c", "-O0", "-w", "-o"]).arg(&o).arg(&c).output().expect("clang runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        o
    }

    const PROGRAM: &str = "extern int __VERIFIER_nondet_int(void);\n\
        void reach_error(void) {}\n\
        static int helper(int x) { return x + 1; }\n\
        int main(void) { if (helper(__VERIFIER_nondet_int()) == 3) reach_error(); return 0; }\n";

    /// What `llvm-nm` printed for the symbols the replay asks about: defined
    /// (`T`, `t`) or undefined (`U`), in either ELF class.
    #[test]
    fn reads_defined_and_undefined_symbols_of_both_classes() {
        for m32 in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            let syms = read(&object(dir.path(), PROGRAM, m32)).unwrap();
            let find = |n: &str| syms.iter().find(|s| s.name == n).map(|s| s.defined);
            assert_eq!(find("reach_error"), Some(true), "m32={m32}: {syms:?}");
            assert_eq!(find("main"), Some(true), "m32={m32}: {syms:?}");
            assert_eq!(find("helper"), Some(true), "m32={m32}: {syms:?}");
            assert_eq!(find("__VERIFIER_nondet_int"), Some(false), "m32={m32}: {syms:?}");
        }
    }

    /// Weakening changes exactly the named defined globals' binding byte: a
    /// strong definition in another object then wins at link time (what the
    /// replay needs), and the undefined reference stays strong.
    #[test]
    fn weakening_changes_only_the_binding_of_named_defined_globals_and_the_linker_agrees() {
        for m32 in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            let o = object(dir.path(), PROGRAM, m32);
            let before = std::fs::read(&o).unwrap();
            let mut after = before.clone();
            let names = ["reach_error", "__VERIFIER_nondet_int", "absent"].map(String::from);
            assert_eq!(weaken(&mut after, &names).unwrap(), 1, "m32={m32}: only reach_error is a defined global");
            let differing: Vec<usize> = (0..before.len()).filter(|i| before[*i] != after[*i]).collect();
            assert_eq!(differing.len(), 1, "m32={m32}: one byte changes");
            assert_eq!(after[differing[0]] >> 4, elf::STB_WEAK.0);
            assert_eq!(before[differing[0]] >> 4, elf::STB_GLOBAL.0);
            std::fs::write(&o, &after).unwrap();
            // a strong reach_error in another object links beside the weak one
            // and wins; the undefined nondet function must still be defined
            let h = dir.path().join("h.c");
            std::fs::write(
                &h,
                "#include <stdlib.h>\nint __VERIFIER_nondet_int(void) { return 2; }\nvoid reach_error(void) { exit(77); }\n",
            )
            .unwrap();
            let exe = dir.path().join("a.out");
            let mut cmd = Command::new(crate::frontend::clang());
            if m32 {
                cmd.arg("-m32");
            }
            let out = cmd.args(["-w", "-o"]).arg(&exe).arg(&h).arg(&o).output().unwrap();
            assert!(out.status.success(), "m32={m32}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(Command::new(&exe).status().unwrap().code(), Some(77), "m32={m32}: the strong definition ran");
        }
    }

    #[test]
    fn anything_but_elf_is_an_error_that_says_so() {
        let err = weaken(&mut b"not an object at all".to_vec(), &[]).map(|_| ()).unwrap_err();
        assert!(!err.is_empty());
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x.o");
        std::fs::write(&f, b"\x7fELF garbage").unwrap();
        assert!(read(&f).unwrap_err().contains("x.o"));
    }
}
