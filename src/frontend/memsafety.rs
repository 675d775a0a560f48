//! Memory safety as a property (issue 51; DESIGN.md "Properties"): every
//! load and store within a live object, every `free` of a live heap block's
//! start. The checks are compiled into the module before it is optimized,
//! as the sanitizers' are: an optimizer may delete an access it proves
//! undefined (a store past an array that nothing reads, a store to a freed
//! block), and a check placed after it would find nothing.
//!
//! [`instrument`] puts a call `__ufo_access(p, bytes)` before every load and
//! store whose pointer is not statically within its object (an access to a
//! variable or to a constant offset of an array is), and before every
//! `memset`/`memcpy`/`memmove` (one per pointer, of its length). The call
//! reads nothing and writes no memory the program sees
//! (`memory(inaccessiblemem: readwrite)`), so it keeps most of the program's
//! optimizations but is never deleted.
//!
//! [`hide_allocator`] renames the allocator until the optimizer is done
//! (known as the allocator, `clang -O2` deletes a leaking block and folds a
//! comparison with a freed block's reused address); [`keep_lifetimes`] makes
//! the inliner's lifetime markers opaque (a local read after its function
//! returned is out of scope, [`USE_AFTER_FREE`]).
//!
//! The translation (`translate.rs`) makes each call a check of the object
//! its pointer points into ([`object_of`], through `getelementptr`s: the
//! pointer is the object's start plus a byte offset, exact in the model):
//! a global or an `alloca` of its size; a `malloc`/`calloc`/`realloc` block
//! of its size, not null and not freed (a ghost flag per allocating call,
//! set by `free`); a command-line argument's string of its length and NUL,
//! `argv`'s table of `argc + 1` pointers (`inputs::model_argv`); a pointer
//! that is null or one of these (`argv[k]`, null when `k == argc`) is
//! checked for null first (`Tx::null_or_object`). Each violation is an error edge of its own kind
//! ([`NULL_DEREF`], [`USE_AFTER_FREE`], [`OUT_OF_BOUNDS`]); `free(p)` is
//! checked the same way ([`INVALID_FREE`], [`DOUBLE_FREE`]), and where the
//! model cannot name the object of `free`'s pointer (read from memory,
//! merged from several) but its region holds heap blocks only, by address,
//! as the C library frees (`Tx::free_by_value`; live blocks of one region
//! start apart, the model's addresses are any the allocator may give). An
//! access through such a pointer is checked by address the same way
//! (`Tx::access_by_value`): inside a live block of its region (a block's
//! size is a ghost of its allocating call; live blocks of one region start
//! apart, and none wraps the address space). A block still
//! allocated where the program ends (`return` from `main`, `exit`) is a
//! [`MEMORY_LEAK`] (SV-COMP's `valid-memtrack`). Under `memcleanup` alone
//! (SV-COMP's `valid-memcleanup`) only that check is an error, as
//! [`MEMORY_NOT_FREED`], and the accesses are not instrumented; a block of
//! a library allocator the model does not follow ([`allocates`]) blocks SAFE
//! under both. A pointer whose
//! object the model cannot name (read from memory, as in a linked list; an
//! argument; an integer) makes the program's SAFE impossible
//! (`Program::safe_blocked` with that reason): never a SAFE with an
//! unchecked access. A counterexample replays under AddressSanitizer, which
//! must report the same kind of fault at the same line (`replay`).
//!
//! Invariant: every load, store and memory intrinsic of the module as read
//! is checked, statically here or by a call the translation turns into a
//! check or a reason not to claim SAFE.

use super::llvm::{self, Value};
use super::memory::{gep_bytes, Gep};
use llvm_sys::core::*;
use llvm_sys::prelude::LLVMTypeRef;
use llvm_sys::target::{LLVMABISizeOfType, LLVMGetModuleDataLayout, LLVMTargetDataRef};
use llvm_sys::LLVMOpcode;

pub use super::builtins::{ACCESS, LIFETIME_END, LIFETIME_START};

pub use crate::ir::{
    DOUBLE_FREE, INVALID_FREE, MEMORY_LEAK, MEMORY_NOT_FREED, NULL_DEREF, OUT_OF_BOUNDS, USE_AFTER_FREE,
};

/// The object a pointer points into, as the model knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Object {
    /// A global variable or an `alloca` of a constant number of bytes.
    Fixed { site: Value, bytes: i128 },
    /// An `alloca` of `count` elements of `elem` bytes (a variable count).
    Counted { site: Value, count: Value, elem: i128 },
    /// The block of an allocating call (`malloc`, `calloc`, `realloc`): its
    /// size comes from the call's arguments.
    Heap { call: Value },
    /// The model's string of the command-line argument `argv[index]`
    /// (`inputs::model_argv`): its length and its NUL (its row is longer).
    Argument { site: Value, index: usize },
    /// The model's table of `argv`: `argc + 1` pointers (its row count is
    /// the most the program reads).
    ArgvTable { site: Value },
    /// The null pointer.
    Null,
}

/// Where the instrumentation's checks go: every function with a body, after
/// inlining and the inputs' rewriting (their stores are checked too),
/// before `mem2reg` and optimization; an access checked already (by an
/// earlier call) is not checked again. Returns the number of checks inserted.
pub fn instrument(module: &inkwell::module::Module) -> usize {
    let m = module.as_mut_ptr();
    let td = unsafe { LLVMGetModuleDataLayout(m) };
    let mut sites: Vec<(Value, Value, Option<Value>, i128)> = Vec::new();
    for inst in instructions(module) {
        match llvm::opcode(inst) {
            _ if checked(inst) => {}
            LLVMOpcode::LLVMLoad => {
                let p = llvm::operand(inst, 0);
                let bytes = store_size(td, llvm::type_of(inst));
                if !statically_within(td, p, bytes) {
                    sites.push((inst, p, None, bytes));
                }
            }
            LLVMOpcode::LLVMStore => {
                let p = llvm::operand(inst, 1);
                let bytes = store_size(td, llvm::type_of(llvm::operand(inst, 0)));
                if !statically_within(td, p, bytes) {
                    sites.push((inst, p, None, bytes));
                }
            }
            LLVMOpcode::LLVMCall => {
                let name = llvm::name(llvm::called_value(inst));
                let len = llvm::operand(inst, 2);
                if name.starts_with("llvm.memset.") {
                    sites.push((inst, llvm::operand(inst, 0), Some(len), 0));
                } else if name.starts_with("llvm.memcpy.") || name.starts_with("llvm.memmove.") {
                    sites.push((inst, llvm::operand(inst, 0), Some(len), 0));
                    sites.push((inst, llvm::operand(inst, 1), Some(len), 0));
                }
            }
            _ => {}
        }
    }
    if sites.is_empty() {
        return 0;
    }
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        // (`i8*` under LLVM 14's typed pointers, `ptr` after)
        let (i64t, ptr) = (LLVMInt64TypeInContext(ctx), LLVMPointerType(LLVMInt8TypeInContext(ctx), 0));
        let (check, ty) = llvm::declare(m, ACCESS, LLVMVoidTypeInContext(ctx), &[ptr, i64t]);
        mark_inaccessible(ctx, check);
        let builder = LLVMCreateBuilderInContext(ctx);
        for (inst, p, len, bytes) in &sites {
            LLVMPositionBuilderBefore(builder, *inst);
            let n = match len {
                Some(l) if LLVMTypeOf(*l) == i64t => *l,
                Some(l) => LLVMBuildZExt(builder, *l, i64t, c"".as_ptr()),
                None => LLVMConstInt(i64t, *bytes as u64, 0),
            };
            let mut args = [LLVMBuildPointerCast(builder, *p, ptr, c"".as_ptr()), n];
            let call = LLVMBuildCall2(builder, ty, check, args.as_mut_ptr(), 2, c"".as_ptr());
            llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(
                call,
                llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(*inst),
            );
        }
        LLVMDisposeBuilder(builder);
    }
    sites.len()
}

/// The C library's allocator, which the optimizer must not see as one
/// under `memsafety` ([`hide_allocator`]).
const ALLOCATOR: [&str; 4] = ["malloc", "calloc", "realloc", "free"];
/// The prefix of the allocator's functions while hidden.
const HIDDEN: &str = "__ufo_hidden_";

/// Hides the allocator from the optimizer until [`reveal_allocator`]:
/// renamed, without `noalias` results and `allocsize`. Known as the
/// allocator, `clang -O2` deletes a block that leaks (a leak is not
/// observable), and folds `x == y` of a new block and a freed one to false
/// (two blocks are never one) where the C library reuses the address: both
/// bugs of SV-COMP's `valid-memsafety` would be gone before the checks.
pub fn hide_allocator(module: &inkwell::module::Module) {
    for name in ALLOCATOR {
        let Some(f) = module.get_function(name) else { continue };
        let f = inkwell::values::AsValueRef::as_value_ref(&f);
        unsafe {
            let kind = |a: &str| LLVMGetEnumAttributeKindForName(a.as_ptr().cast(), a.len());
            let ret = llvm_sys::LLVMAttributeReturnIndex;
            let func = llvm_sys::LLVMAttributeFunctionIndex;
            for (index, attr) in [(ret, "noalias"), (func, "allocsize"), (func, "allockind")] {
                LLVMRemoveEnumAttributeAtIndex(f, index, kind(attr));
            }
            let mut u = LLVMGetFirstUse(f);
            while !u.is_null() {
                let call = LLVMGetUser(u);
                if llvm::is_instruction(call) && llvm::opcode(call) == LLVMOpcode::LLVMCall {
                    for (index, attr) in [(ret, "noalias"), (func, "allocsize"), (func, "allockind")] {
                        LLVMRemoveCallSiteEnumAttribute(call, index, kind(attr));
                    }
                }
                u = LLVMGetNextUse(u);
            }
            let hidden = format!("{HIDDEN}{name}");
            LLVMSetValueName2(f, hidden.as_ptr().cast(), hidden.len());
        }
    }
}

/// The allocator's names again, after optimization (the translation knows
/// it by them).
pub fn reveal_allocator(module: &inkwell::module::Module) {
    for name in ALLOCATOR {
        if let Some(f) = module.get_function(&format!("{HIDDEN}{name}")) {
            let f = inkwell::values::AsValueRef::as_value_ref(&f);
            unsafe { LLVMSetValueName2(f, name.as_ptr().cast(), name.len()) };
        }
    }
}

/// Turns every `llvm.lifetime.start(n, p)`/`end` into a call of
/// [`LIFETIME_START`]/[`LIFETIME_END`] `(p)`, which the optimizer keeps
/// and does not read as a scope: the inliner marks an inlined function's
/// locals so, and an optimizer would drop a marker and the store before it
/// where the program reads the local out of its scope (undefined: a
/// pointer to a returned function's local). Called after inlining and
/// `mem2reg` (a local with such calls is not promoted), before
/// optimization. Returns the markers turned.
pub fn keep_lifetimes(module: &inkwell::module::Module) -> usize {
    let m = module.as_mut_ptr();
    let mut markers = Vec::new();
    for inst in instructions(module) {
        if llvm::opcode(inst) == LLVMOpcode::LLVMCall {
            let name = llvm::name(llvm::called_value(inst));
            if let Some(rest) = name.strip_prefix("llvm.lifetime.") {
                markers.push((inst, rest.starts_with("start")));
            }
        }
    }
    if markers.is_empty() {
        return 0;
    }
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let ptr = LLVMPointerType(LLVMInt8TypeInContext(ctx), 0);
        let void = LLVMVoidTypeInContext(ctx);
        let (start, ty) = llvm::declare(m, LIFETIME_START, void, &[ptr]);
        let (end, _) = llvm::declare(m, LIFETIME_END, void, &[ptr]);
        mark_inaccessible(ctx, start);
        mark_inaccessible(ctx, end);
        let builder = LLVMCreateBuilderInContext(ctx);
        for (inst, is_start) in &markers {
            LLVMPositionBuilderBefore(builder, *inst);
            let mut args = [LLVMBuildPointerCast(builder, llvm::operand(*inst, 1), ptr, c"".as_ptr())];
            let callee = if *is_start { start } else { end };
            let call = LLVMBuildCall2(builder, ty, callee, args.as_mut_ptr(), 1, c"".as_ptr());
            llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(
                call,
                llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(*inst),
            );
            LLVMInstructionEraseFromParent(*inst);
        }
        LLVMDisposeBuilder(builder);
    }
    markers.len()
}

/// Is `inst` checked already (the instruction before it is a check)?
fn checked(inst: Value) -> bool {
    let prev = unsafe { LLVMGetPreviousInstruction(inst) };
    !prev.is_null() && llvm::opcode(prev) == LLVMOpcode::LLVMCall && llvm::name(llvm::called_value(prev)) == ACCESS
}

/// The instructions of the module's functions that have a body.
fn instructions(module: &inkwell::module::Module) -> Vec<Value> {
    module
        .get_functions()
        .map(|f| inkwell::values::AsValueRef::as_value_ref(&f))
        .filter(|f| !llvm::is_declaration(*f))
        .flat_map(llvm::blocks)
        .flat_map(llvm::instructions)
        .collect()
}

/// `f`'s attributes: it writes only memory the program cannot see (the
/// optimizer keeps the call, and the program's loads and stores around
/// it). Its pointer may be captured: were it not, `clang -O2` would delete a
/// `malloc` whose block is only checked, stored and freed, and the checks
/// with it.
unsafe fn mark_inaccessible(ctx: llvm_sys::prelude::LLVMContextRef, f: Value) {
    let kind = |name: &str| LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
    // MemoryEffects (LLVM 16 on): two bits per location (argmem,
    // inaccessiblemem, other), ModRef = 3; before, `inaccessiblememonly`
    let memory = match kind("memory") {
        0 => LLVMCreateEnumAttribute(ctx, kind("inaccessiblememonly"), 0),
        k => LLVMCreateEnumAttribute(ctx, k, 3 << 2),
    };
    LLVMAddAttributeAtIndex(f, llvm_sys::LLVMAttributeFunctionIndex, memory);
    LLVMAddAttributeAtIndex(f, llvm_sys::LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind("nounwind"), 0));
}

/// The bytes a load or store of `t` touches.
fn store_size(td: LLVMTargetDataRef, t: LLVMTypeRef) -> i128 {
    i128::from(unsafe { llvm_sys::target::LLVMStoreSizeOfType(td, t) })
}

/// Is an access of `bytes` at `p` within its object whatever the run: `p`
/// is a global or a constant-size `alloca`, or a constant offset of one,
/// and the access lies inside it.
fn statically_within(td: LLVMTargetDataRef, p: Value, bytes: i128) -> bool {
    let (root, offset) = match constant_offset(td, p) {
        Some(x) => x,
        None => return false,
    };
    match object_of(td, root) {
        Some(Object::Fixed { bytes: size, .. }) => offset >= 0 && offset + bytes <= size,
        _ => false,
    }
}

/// `p` as a root pointer plus a constant number of bytes, through
/// `getelementptr`s of constant indices and casts.
fn constant_offset(td: LLVMTargetDataRef, p: Value) -> Option<(Value, i128)> {
    let mut offset = 0i128;
    let mut v = p;
    for _ in 0..64 {
        if super::memory::is_gep(v) {
            let Gep { constant, strides } = gep_bytes(td, v)?;
            if !strides.is_empty() {
                return None;
            }
            offset = offset.checked_add(constant)?;
            v = llvm::operand(v, 0);
        } else if is_cast(v) {
            v = llvm::operand(v, 0);
        } else {
            return Some((v, offset));
        }
    }
    None
}

/// A pointer cast (instruction or constant expression) that keeps the address.
fn is_cast(v: Value) -> bool {
    let op = if llvm::is_instruction(v) {
        Some(llvm::opcode(v))
    } else if unsafe { !LLVMIsAConstantExpr(v).is_null() } {
        Some(unsafe { LLVMGetConstOpcode(v) })
    } else {
        None
    };
    matches!(op, Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast))
}

/// The object `root` (a pointer no `getelementptr` or cast derives from
/// another) is the start of, if the model knows it.
pub(super) fn object_of(td: LLVMTargetDataRef, root: Value) -> Option<Object> {
    let size = |t| i128::from(unsafe { LLVMABISizeOfType(td, t) });
    unsafe {
        if LLVMIsNull(root) != 0 {
            return Some(Object::Null);
        }
        if let Some(index) = super::inputs::argv_row(root) {
            return Some(Object::Argument { site: root, index });
        }
        if super::inputs::is_argv_table(root) {
            return Some(Object::ArgvTable { site: root });
        }
        if !LLVMIsAGlobalVariable(root).is_null() {
            // (an external global's size is its declared type's)
            return Some(Object::Fixed { site: root, bytes: size(LLVMGlobalGetValueType(root)) });
        }
        if !LLVMIsAAllocaInst(root).is_null() {
            let elem = size(LLVMGetAllocatedType(root));
            let count = llvm::operand(root, 0);
            return Some(match llvm::const_int(count) {
                Some(n) => Object::Fixed { site: root, bytes: elem.checked_mul(n)? },
                None => Object::Counted { site: root, count, elem },
            });
        }
    }
    if super::memory::is_heap_site(root) {
        return Some(Object::Heap { call: root });
    }
    None
}

/// Does the program mark the lifetime of the local `alloca`
/// ([`keep_lifetimes`]' calls)?
pub(super) fn has_lifetime(alloca: Value) -> bool {
    let mut u = unsafe { LLVMGetFirstUse(alloca) };
    while !u.is_null() {
        let user = unsafe { LLVMGetUser(u) };
        let marker = llvm::is_instruction(user)
            && llvm::opcode(user) == LLVMOpcode::LLVMCall
            && matches!(llvm::name(llvm::called_value(user)).as_str(), LIFETIME_START | LIFETIME_END);
        if marker {
            return true;
        }
        u = unsafe { LLVMGetNextUse(u) };
    }
    false
}

/// Functions whose pointer arguments the checks cover: the checked ones,
/// those that read or write no memory through them, the verifier's and the
/// input models' (which read only constant strings).
fn covered(name: &str) -> bool {
    name == ACCESS
        || name == "free"
        || name.starts_with("llvm.")
        || name.starts_with("__VERIFIER_")
        || name.starts_with("__ufo_")
        || matches!(name, "malloc" | "calloc" | "reach_error" | "abort" | "exit" | "__assert_fail")
}

/// The first pointer argument of the call `inst` of the external function
/// `name` through which it may access memory the checks do not cover (not a
/// constant such as a format string), if any: SAFE cannot be claimed then.
pub(super) fn unchecked_pointer_argument(inst: Value, name: &str) -> Option<Value> {
    let callee = llvm::called_value(inst);
    if !llvm::is_function(callee) || !llvm::is_declaration(callee) || covered(name) {
        return None;
    }
    (0..llvm::call_arg_count(inst)).map(|i| llvm::operand(inst, i)).find(|a| {
        llvm::value_ty(*a) == llvm::Ty::Pointer && {
            let root = constant_root(*a);
            let constant = unsafe { !LLVMIsAGlobalVariable(root).is_null() && LLVMIsGlobalConstant(root) != 0 };
            !constant && unsafe { LLVMIsNull(root) == 0 }
        }
    })
}

/// `p` without its constant offsets and casts (as [`constant_offset`], without the layout).
fn constant_root(p: Value) -> Value {
    let mut v = p;
    for _ in 0..64 {
        let gep = super::memory::is_gep(v)
            && (1..llvm::num_operands(v)).all(|k| llvm::const_int(llvm::operand(v, k)).is_some());
        if gep || is_cast(v) {
            v = llvm::operand(v, 0);
        } else {
            break;
        }
    }
    v
}

/// Is `name` a C-library function that returns a block of its own from the
/// heap (`strdup`, `getline`, ...)? Its block is not followed: no SAFE then.
pub(super) fn allocates(name: &str) -> bool {
    matches!(
        name,
        "strdup"
            | "strndup"
            | "getline"
            | "getdelim"
            | "asprintf"
            | "vasprintf"
            | "aligned_alloc"
            | "posix_memalign"
            | "memalign"
            | "valloc"
            | "pvalloc"
            | "reallocarray"
            | "realpath"
            | "scandir"
            | "open_memstream"
            | "get_current_dir_name"
    )
}

/// What the model cannot name the object of: a user's words for `root`.
pub(super) fn unknown_object(root: Value) -> &'static str {
    if !llvm::is_instruction(root) {
        return if unsafe { !LLVMIsAArgument(root).is_null() } { "a parameter" } else { "a constant address" };
    }
    if unsafe { !LLVMIsAAllocaInst(root).is_null() || !LLVMIsAGlobalVariable(root).is_null() } {
        return "a pointer to a variable";
    }
    match llvm::opcode(root) {
        LLVMOpcode::LLVMLoad => "a pointer read from memory",
        LLVMOpcode::LLVMPHI | LLVMOpcode::LLVMSelect => "a pointer that may point into one of several objects",
        LLVMOpcode::LLVMIntToPtr => "an integer",
        LLVMOpcode::LLVMCall => "the result of a call",
        _ => "a pointer the model does not follow",
    }
}
