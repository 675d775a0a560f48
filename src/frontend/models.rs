//! C-library models linked into a program that calls them (issue 44 §1:
//! `qsort` and `bsearch` with a user's comparator; issue 49 adds `string.h`,
//! `ctype.h`, the reads of `stdio.h` and the numbers of `stdlib.h`; the list is
//! [`MODELS`] and [`LATE`], and README.md's "The C library").
//!
//! The models are C (`models/libc.c`), compiled by the program's clang at
//! the run's data model (once per process and data model) and linked into
//! the module *after* the replay's copy of it was taken and before
//! normalization, so that they are inlined like the program's own functions
//! (a comparator passed to `qsort` becomes a call the model makes, resolved
//! as every call through a function pointer is) while every replay runs the
//! real C library. Only the functions the program declares without a body
//! and calls are linked; a program that defines its own `qsort` keeps it.
//!
//! Two kinds are not linked by name alone:
//! - glibc's `ctype.h` macros read a table through `__ctype_b_loc()` (and
//!   the `toupper`/`tolower` tables): each read `(*__ctype_b_loc())[c]` is
//!   rewritten into a call of the model computing that entry
//!   ([`rewrite_ctype_reads`]), so a character's class is arithmetic over it,
//!   not a table in the program's memory;
//! - the numbers of `stdlib.h` ([`LATE`]) are linked as `__ufo_late_NAME` and
//!   called only after the argument model is built (`inputs::redirect_late`):
//!   `atoi(argv[i])` stays the number the replay passes as `argv[i]`
//!   (`inputs::argv_number`, any `int`), every other call parses bytes.
//!
//! Invariant: a model that is *one run of many* (`qsort`'s comparisons and
//! its order of equal elements are the library's choice) never leads to
//! SAFE: the program is marked `safe_blocked` with the reason, so it finds
//! bugs (each replayed on the real library) and proves nothing it could not
//! prove for every run.

use super::llvm;
use super::{load, scanf_words, sprintf, sscanf, DataModel};
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What a model calls for a value the C library chooses (only its range
/// is the model's: strcmp's result has the sign of the bytes' difference):
/// the translation leaves it free, with no warning.
pub const ANY_INT: &str = "__ufo_any_int";

/// The models' source.
const SOURCE: &str = include_str!("models/libc.c");

/// The functions modelled, and whether each model is one run of many.
const MODELS: [(&str, bool); 47] = [
    ("qsort", true),
    ("atexit", false),
    ("bsearch", true),
    ("strlen", false),
    ("strnlen", false),
    ("strcmp", false),
    ("strncmp", false),
    ("memcmp", false),
    ("memchr", false),
    ("strchr", false),
    ("strrchr", false),
    ("strcpy", false),
    ("strncpy", false),
    ("strcat", false),
    ("strstr", false),
    ("strspn", false),
    ("strcspn", false),
    ("isalnum", false),
    ("isalpha", false),
    ("isblank", false),
    ("iscntrl", false),
    ("isdigit", false),
    ("isgraph", false),
    ("islower", false),
    ("isprint", false),
    ("ispunct", false),
    ("isspace", false),
    ("isupper", false),
    ("isxdigit", false),
    ("toupper", false),
    ("tolower", false),
    (CTYPE_TABLES[0].1, false),
    (CTYPE_TABLES[1].1, false),
    (CTYPE_TABLES[2].1, false),
    ("fgets", false),
    ("getdelim", false),
    ("getline", false),
    (sscanf::SPACE, false),
    (sscanf::LITERAL, false),
    (sscanf::INT, false),
    (sscanf::CHAR, false),
    (sscanf::RESULT, false),
    (sprintf::CHAR, false),
    (sprintf::INT, false),
    (sprintf::STR, false),
    (sprintf::END, false),
    (scanf_words::WORD, false),
];

/// The functions whose models are linked as `__ufo_late_NAME` and called
/// after the argument model (`inputs::redirect_late`).
pub const LATE: [&str; 7] = ["atoi", "atol", "atoll", "strtol", "strtoll", "strtoul", "strtoull"];

/// The prefix of a late model's name.
pub const LATE_PREFIX: &str = "__ufo_late_";

/// Is `name` a late model (linked, kept until `inputs::redirect_late`)?
pub fn is_late(name: &str) -> bool {
    name.strip_prefix(LATE_PREFIX).is_some_and(|n| LATE.contains(&n))
}

/// glibc's `ctype.h` tables: the function returning (a pointer to) the
/// table, the model computing an entry (from a `long long` index), and the
/// entry's width in bits.
const CTYPE_TABLES: [(&str, &str, u32); 3] = [
    ("__ctype_b_loc", "__ufo_ctype_b", 16),
    ("__ctype_toupper_loc", "__ufo_ctype_toupper", 32),
    ("__ctype_tolower_loc", "__ufo_ctype_tolower", 32),
];

/// What linking did: why SAFE is blocked (a model of one run of many was
/// linked); whether `atexit`'s model was (its handlers then run where the
/// program ends: [`run_atexit_handlers`]).
#[derive(Debug, Default)]
pub struct Linked {
    pub safe_blocked: Option<String>,
    pub atexit: bool,
}

/// The model's function that runs the handlers `atexit` registered.
const RUN_ATEXIT: &str = "__ufo_run_atexit";

/// Where the program ends normally — a return of the entry function `entry`,
/// a call of `exit` — the handlers `atexit` registered run, the last first
/// (a call of the model's [`RUN_ATEXIT`] there), as the C library runs them:
/// their checks are the program's, and a block they free is not a leak.
/// `_Exit`, `_exit` and `abort` run none.
pub fn run_atexit_handlers(module: &Module, entry: &str) {
    let Some(run) = module.get_function(RUN_ATEXIT).filter(|f| f.count_basic_blocks() > 0) else { return };
    let run = run.as_value_ref();
    let mut ends = Vec::new();
    for f in module.get_functions().filter(|f| f.as_value_ref() != run) {
        let is_entry = f.get_name().to_str() == Ok(entry);
        for i in llvm::blocks(f.as_value_ref()).into_iter().flat_map(llvm::instructions) {
            let ret = is_entry && llvm::opcode(i) == LLVMOpcode::LLVMRet;
            let exit = llvm::opcode(i) == LLVMOpcode::LLVMCall && llvm::name(llvm::called_value(i)) == "exit";
            if ret || exit {
                ends.push(i);
            }
        }
    }
    unsafe {
        use llvm_sys::core::*;
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module.as_mut_ptr()));
        for end in ends {
            LLVMPositionBuilderBefore(builder, end);
            LLVMSetCurrentDebugLocation2(builder, llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(end));
            LLVMBuildCall2(builder, LLVMGlobalGetValueType(run), run, std::ptr::null_mut(), 0, c"".as_ptr());
        }
        LLVMDisposeBuilder(builder);
    }
}

/// Does `module` declare `name` without a body, and use it?
fn declared_and_used(module: &Module, name: &str) -> bool {
    module.get_function(name).is_some_and(|f| {
        f.count_basic_blocks() == 0 && unsafe { !llvm_sys::core::LLVMGetFirstUse(f.as_value_ref()).is_null() }
    })
}

/// The models `module` needs: those of `MODELS` it declares without a body
/// and uses, and the late models of the `LATE` functions it does.
fn wanted(module: &Module) -> Vec<String> {
    let direct = MODELS.iter().map(|(name, _)| name.to_string()).filter(|name| declared_and_used(module, name));
    let late = LATE.iter().filter(|name| declared_and_used(module, name)).map(|name| format!("{LATE_PREFIX}{name}"));
    direct.chain(late).collect()
}

/// Rewrites each read of a `ctype.h` table entry — a load of
/// `getelementptr(load(__ctype_b_loc()), c)` — into a call of the model that
/// computes it (`CTYPE_TABLES`). A use of the table that is not such a
/// read stays (the table's cells are then the model's arbitrary memory).
pub fn rewrite_ctype_reads(module: &Module) {
    let m = module.as_mut_ptr();
    for (table, model, bits) in CTYPE_TABLES {
        let Some(f) = module.get_function(table).filter(|f| f.count_basic_blocks() == 0) else {
            continue;
        };
        let is = |v: llvm::Value, op: LLVMOpcode| llvm::is_instruction(v) && llvm::opcode(v) == op;
        for call in llvm::users(f.as_value_ref()) {
            if !is(call, LLVMOpcode::LLVMCall) || llvm::called_value(call) != f.as_value_ref() {
                continue;
            }
            for base in llvm::users(call).into_iter().filter(|l| is(*l, LLVMOpcode::LLVMLoad)) {
                for gep in llvm::users(base) {
                    let Some(index) = entry_index(gep, base, bits) else {
                        continue;
                    };
                    for read in llvm::users(gep) {
                        if is(read, LLVMOpcode::LLVMLoad) && llvm::value_ty(read) == llvm::Ty::Int(bits) {
                            unsafe { replace_by_model(m, read, index, model, bits) };
                        }
                    }
                    unsafe { erase_if_unused(gep) };
                }
                unsafe { erase_if_unused(base) };
            }
            unsafe { erase_if_unused(call) };
        }
    }
}

/// The index `c` of `gep` = `&base[c]` over `bits`-wide entries (a GEP of
/// the entry type, or of bytes at `c << log2(bits / 8)` or `c * (bits / 8)`).
fn entry_index(gep: llvm::Value, base: llvm::Value, bits: u32) -> Option<llvm::Value> {
    use llvm_sys::core::*;
    if !llvm::is_instruction(gep)
        || llvm::opcode(gep) != LLVMOpcode::LLVMGetElementPtr
        || llvm::num_operands(gep) != 2
        || llvm::operand(gep, 0) != base
    {
        return None;
    }
    let index = llvm::operand(gep, 1);
    let elem = llvm::ty(unsafe { LLVMGetGEPSourceElementType(gep) });
    if elem == llvm::Ty::Int(bits) {
        return Some(index);
    }
    if elem != llvm::Ty::Int(8) || !llvm::is_instruction(index) {
        return None;
    }
    let bytes = i128::from(bits / 8);
    let scaled = match llvm::opcode(index) {
        LLVMOpcode::LLVMShl => {
            llvm::const_int(llvm::operand(index, 1)).is_some_and(|k| (1i128 << k.clamp(0, 64)) == bytes)
        }
        LLVMOpcode::LLVMMul => llvm::const_int(llvm::operand(index, 1)) == Some(bytes),
        _ => false,
    };
    scaled.then(|| llvm::operand(index, 0))
}

/// Replaces the table read `read` by `model(index)`.
unsafe fn replace_by_model(
    m: llvm_sys::prelude::LLVMModuleRef,
    read: llvm::Value,
    index: llvm::Value,
    model: &str,
    bits: u32,
) {
    use llvm_sys::core::*;
    let ctx = LLVMGetModuleContext(m);
    let i64t = LLVMInt64TypeInContext(ctx);
    let f = llvm::declare(m, model, LLVMIntTypeInContext(ctx, bits), &[i64t]);
    let builder = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(builder, read);
    let c = LLVMBuildIntCast2(builder, index, i64t, 1, c"ctype.index".as_ptr());
    let entry = llvm::build_call(builder, f, &[c], "ctype.entry");
    LLVMDisposeBuilder(builder);
    LLVMReplaceAllUsesWith(read, entry);
    LLVMInstructionEraseFromParent(read);
}

/// Erases the instruction `v` if nothing uses it.
unsafe fn erase_if_unused(v: llvm::Value) {
    if llvm::users(v).is_empty() {
        llvm_sys::core::LLVMInstructionEraseFromParent(v);
    }
}

/// The models' bitcode, or why there is none.
type Compiled = Result<Vec<u8>, String>;

/// The models compiled for a data model (bitcode), or why they are not.
fn bitcode(dm: DataModel) -> Compiled {
    static CACHE: OnceLock<Mutex<HashMap<DataModel, Compiled>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(dm).or_insert_with(|| compile(dm)).clone()
}

fn compile(dm: DataModel) -> Compiled {
    let dir = tempfile::tempdir().map_err(|e| format!("no temporary directory: {e}"))?;
    let (src, out) = (dir.path().join("ufo-libc-models.c"), dir.path().join("ufo-libc-models.bc"));
    std::fs::write(&src, SOURCE).map_err(|e| format!("cannot write the models: {e}"))?;
    // (optimized, in SSA form: inlined at a call with a constant element
    // size, the branches of the other sizes fold away)
    let flags: Vec<&str> = load::clang_flags(dm)
        .into_iter()
        .filter(|f| !matches!(*f, "-g" | "-O0" | "-Xclang" | "-disable-O0-optnone"))
        .collect();
    // (`-fno-builtin`: a model's loop stays a loop, not a call to the
    // function it models)
    let output = std::process::Command::new(load::clang())
        .args(flags)
        .args(["-O1", "-fno-builtin", "-w"])
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", load::clang()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("{} cannot compile them: {}", load::clang(), stderr.lines().next().unwrap_or("")));
    }
    std::fs::read(&out).map_err(|e| format!("cannot read the models: {e}"))
}

/// Links the models of the functions `module` calls without a body into it.
pub fn link(module: &Module, dm: DataModel) -> Result<Linked, String> {
    rewrite_ctype_reads(module);
    let long_bits = if dm == DataModel::Ilp32 { 32 } else { 64 };
    sscanf::rewrite(module, long_bits);
    sprintf::rewrite(module, long_bits);
    scanf_words::rewrite(module);
    let wanted = wanted(module);
    if wanted.is_empty() {
        return Ok(Linked::default());
    }
    let bitcode = bitcode(dm)?;
    let buf = MemoryBuffer::create_from_memory_range_copy(&bitcode, "ufo-libc-models");
    let models = Module::parse_bitcode_from_buffer(&buf, module.get_context())
        .map_err(|e| format!("the models' bitcode is unreadable here: {}", e.to_string().trim()))?;
    // the program's data layout and target: the models were compiled for the
    // same data model, by the same clang
    models.set_triple(&module.get_triple());
    models.set_data_layout(&module.get_data_layout());
    for f in models.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        let exported = MODELS.iter().any(|(m, _)| *m == name) || is_late(&name);
        if exported && !wanted.contains(&name) {
            for bb in f.get_basic_blocks() {
                // (deleting every block leaves a declaration)
                let _ = unsafe { bb.delete() };
            }
        }
    }
    module.link_in_module(models).map_err(|e| format!("cannot link them: {}", e.to_string().trim()))?;
    let one_run: Vec<&str> =
        wanted.iter().map(String::as_str).filter(|w| MODELS.iter().any(|(m, one)| m == w && *one)).collect();
    let safe_blocked = (!one_run.is_empty()).then(|| {
        let names: Vec<String> = one_run.iter().map(|n| format!("'{n}'")).collect();
        format!(
            "the model of {} is one of its runs (the C library's comparisons and order of equal elements are \
             its own): bugs found with it are replayed on the real library, no proof covers its other runs",
            names.join(" and ")
        )
    });
    Ok(Linked { safe_blocked, atexit: wanted.iter().any(|w| w == "atexit") })
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    #[test]
    fn only_what_the_program_declares_and_calls_is_linked() {
        let ctx = Context::create();
        let ir = "declare void @qsort(ptr, i64, i64, ptr)\n\
                  declare ptr @bsearch(ptr, ptr, i64, i64, ptr)\n\
                  define i32 @cmp(ptr %a, ptr %b) { ret i32 0 }\n\
                  define i32 @main() {\n  %a = alloca [2 x i32]\n  \
                  call void @qsort(ptr %a, i64 2, i64 4, ptr @cmp)\n  ret i32 0\n}\n";
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "p.ll");
        let module = ctx.create_module_from_ir(buf).unwrap();
        let linked = link(&module, DataModel::Lp64).unwrap();
        assert!(module.get_function("qsort").unwrap().count_basic_blocks() > 0, "qsort has the model's body");
        assert_eq!(module.get_function("bsearch").unwrap().count_basic_blocks(), 0, "bsearch is not called");
        assert!(linked.safe_blocked.unwrap().contains("'qsort' is one of its runs"));
        module.verify().unwrap();
    }

    /// glibc's `isspace(c)` at -O0 (`(*__ctype_b_loc())[c] & 8192`) and
    /// clang -O2's byte-offset form of `toupper`'s table read: each read
    /// becomes the model of its entry, and the table functions go.
    #[test]
    fn ctype_table_reads_become_the_models_of_their_entries() {
        let ctx = Context::create();
        let ir = "declare ptr @__ctype_b_loc()\n\
                  declare ptr @__ctype_toupper_loc()\n\
                  define i32 @main(i32 %c) {\n  \
                  %t = call ptr @__ctype_b_loc()\n  %b = load ptr, ptr %t\n  \
                  %i = sext i32 %c to i64\n  %e = getelementptr inbounds i16, ptr %b, i64 %i\n  \
                  %v = load i16, ptr %e\n  %m = and i16 %v, 8192\n  %s = zext i16 %m to i32\n  \
                  %u = call ptr @__ctype_toupper_loc()\n  %ub = load ptr, ptr %u\n  \
                  %o = shl nsw i64 %i, 2\n  %ue = getelementptr inbounds i8, ptr %ub, i64 %o\n  \
                  %up = load i32, ptr %ue\n  %r = add i32 %s, %up\n  ret i32 %r\n}\n";
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "p.ll");
        let module = ctx.create_module_from_ir(buf).unwrap();
        link(&module, DataModel::Lp64).unwrap();
        module.verify().unwrap();
        let text = module.print_to_string().to_string();
        let main = &text[text.find("define i32 @main").unwrap()..];
        let main = &main[..main.find("\n}").unwrap()];
        assert!(!main.contains("__ctype_b_loc") && !main.contains("__ctype_toupper_loc"), "{main}");
        assert!(main.contains("call i16 @__ufo_ctype_b(i64 %i)"), "{main}");
        assert!(main.contains("call i32 @__ufo_ctype_toupper(i64 %i)"), "{main}");
        for model in ["__ufo_ctype_b", "__ufo_ctype_toupper"] {
            assert!(module.get_function(model).unwrap().count_basic_blocks() > 0, "{model} has its body");
        }
    }
}
