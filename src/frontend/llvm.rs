//! Small safe helpers over the LLVM C API for walking instructions, types and
//! debug locations. inkwell owns the modules; these helpers only read values
//! inkwell hands out (`as_value_ref`). Every raw pointer passed in comes from a
//! live module owned by the caller.

use crate::error::SrcLoc;
use crate::ir::SourceFunction;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;
use std::ffi::CStr;

pub type Value = LLVMValueRef;

pub fn name(v: Value) -> String {
    unsafe {
        let mut len = 0usize;
        let p = LLVMGetValueName2(v, &mut len);
        if p.is_null() || len == 0 {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

pub fn opcode(inst: Value) -> LLVMOpcode {
    unsafe { LLVMGetInstructionOpcode(inst) }
}

pub fn num_operands(v: Value) -> u32 {
    unsafe { LLVMGetNumOperands(v) as u32 }
}

pub fn operand(v: Value, i: u32) -> Value {
    unsafe { LLVMGetOperand(v, i) }
}

pub fn type_of(v: Value) -> LLVMTypeRef {
    unsafe { LLVMTypeOf(v) }
}

/// The kind of a type, simplified for translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    Int(u32),
    Float,
    Pointer,
    Vector,
    Aggregate,
    Other,
}

/// The result type of function `f`.
pub fn return_ty(f: Value) -> Ty {
    unsafe { ty(LLVMGetReturnType(LLVMGlobalGetValueType(f))) }
}

pub fn ty(t: LLVMTypeRef) -> Ty {
    unsafe {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMVoidTypeKind => Ty::Void,
            LLVMTypeKind::LLVMIntegerTypeKind => Ty::Int(LLVMGetIntTypeWidth(t)),
            LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMBFloatTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
            | LLVMTypeKind::LLVMX86_FP80TypeKind
            | LLVMTypeKind::LLVMFP128TypeKind
            | LLVMTypeKind::LLVMPPC_FP128TypeKind => Ty::Float,
            LLVMTypeKind::LLVMPointerTypeKind => Ty::Pointer,
            LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind => Ty::Vector,
            LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind => Ty::Aggregate,
            _ => Ty::Other,
        }
    }
}

/// The width of a scalar floating-point type (`half` 16, `float` 32,
/// `double` 64, `x86_fp80` 80, `fp128` 128); `None` for any other type.
pub fn float_bits(t: LLVMTypeRef) -> Option<u32> {
    float_format(t).map(crate::ir::FloatFormat::bits)
}

/// The floating-point format of a scalar float type; `None` for any other
/// type (`ppc_fp128` among them).
pub fn float_format(t: LLVMTypeRef) -> Option<crate::ir::FloatFormat> {
    use crate::ir::FloatFormat;
    unsafe {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMHalfTypeKind => Some(FloatFormat::Half),
            LLVMTypeKind::LLVMBFloatTypeKind => Some(FloatFormat::BFloat),
            LLVMTypeKind::LLVMFloatTypeKind => Some(FloatFormat::Single),
            LLVMTypeKind::LLVMDoubleTypeKind => Some(FloatFormat::Double),
            LLVMTypeKind::LLVMX86_FP80TypeKind => Some(FloatFormat::X87),
            LLVMTypeKind::LLVMFP128TypeKind => Some(FloatFormat::Quad),
            _ => None,
        }
    }
}

/// The predicate of an `fcmp`.
pub fn fcmp_predicate(inst: Value) -> llvm_sys::LLVMRealPredicate {
    unsafe { LLVMGetFCmpPredicate(inst) }
}

/// The width of a `float` or `double`, the floats memory cells hold (as
/// their bits); `None` for any other type.
pub fn cell_float_bits(t: LLVMTypeRef) -> Option<u32> {
    float_bits(t).filter(|b| *b == 32 || *b == 64)
}

/// The width of a memory access of a value of type `t`: an integer's, a
/// `float`'s or `double`'s, else a pointer's (`ptr_bits`).
pub fn access_bits(t: LLVMTypeRef, ptr_bits: u32) -> u32 {
    match ty(t) {
        Ty::Int(b) => b,
        _ => cell_float_bits(t).unwrap_or(ptr_bits),
    }
}

/// The bits of a `float` or `double` constant (its IEEE-754 encoding) as
/// the signed value of its width (as an `Expr::Int` holds it), if `v` is
/// one and is not a NaN (whose payload the C API does not give).
pub fn const_float_bits(v: Value) -> Option<i128> {
    unsafe {
        if LLVMIsAConstantFP(v).is_null() {
            return None;
        }
        let mut lost = 0;
        let d = LLVMConstRealGetDouble(v, &mut lost);
        if d.is_nan() {
            return None;
        }
        match float_bits(LLVMTypeOf(v))? {
            32 => Some(i128::from((d as f32).to_bits() as i32)),
            64 if lost == 0 => Some(i128::from(d.to_bits() as i64)),
            _ => None,
        }
    }
}

/// Is `v` a floating-point constant that is a NaN?
pub fn is_nan_constant(v: Value) -> bool {
    unsafe {
        if LLVMIsAConstantFP(v).is_null() {
            return false;
        }
        let mut lost = 0;
        LLVMConstRealGetDouble(v, &mut lost).is_nan()
    }
}

/// Does the vector, array or struct type `t` hold a floating-point value,
/// at any depth?
pub fn holds_float(t: LLVMTypeRef) -> bool {
    let float = |e: LLVMTypeRef| ty(e) == Ty::Float || holds_float(e);
    unsafe {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMStructTypeKind => {
                (0..LLVMCountStructElementTypes(t)).any(|i| float(LLVMStructGetTypeAtIndex(t, i)))
            }
            LLVMTypeKind::LLVMArrayTypeKind
            | LLVMTypeKind::LLVMVectorTypeKind
            | LLVMTypeKind::LLVMScalableVectorTypeKind => float(LLVMGetElementType(t)),
            _ => false,
        }
    }
}

pub fn value_ty(v: Value) -> Ty {
    ty(type_of(v))
}

/// The users of `v`, in use-list order.
pub fn users(v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    unsafe {
        let mut u = LLVMGetFirstUse(v);
        while !u.is_null() {
            out.push(LLVMGetUser(u));
            u = LLVMGetNextUse(u);
        }
    }
    out
}

pub fn is_instruction(v: Value) -> bool {
    unsafe { !LLVMIsAInstruction(v).is_null() }
}
pub fn is_undef(v: Value) -> bool {
    unsafe { LLVMIsUndef(v) != 0 || !LLVMIsAPoisonValue(v).is_null() }
}
pub fn is_function(v: Value) -> bool {
    unsafe { !LLVMIsAFunction(v).is_null() }
}
pub fn is_inline_asm(v: Value) -> bool {
    unsafe { !LLVMIsAInlineAsm(v).is_null() }
}
pub fn is_declaration(f: Value) -> bool {
    unsafe { LLVMIsDeclaration(f) != 0 }
}
pub fn is_intrinsic(f: Value) -> bool {
    unsafe { LLVMGetIntrinsicID(f) != 0 }
}

/// The signed value of an integer constant of at most [`MAX_INT_BITS`] bits
/// (including `ConstantExpr`s that fold, such as zero-initializers); `None`
/// otherwise.
pub fn const_int(v: Value) -> Option<i128> {
    unsafe {
        if !LLVMIsAConstantInt(v).is_null() {
            let bits = match value_ty(v) {
                Ty::Int(b) => b,
                _ => return None,
            };
            if bits <= 64 {
                return Some(LLVMConstIntGetSExtValue(v) as i128);
            }
            // LLVM's C API reads at most 64 bits of a constant; wider ones
            // print as `iN <decimal>` (signed), which i128 holds up to 128 bits.
            if bits > MAX_INT_BITS {
                return None;
            }
            return printed(v).rsplit(' ').next().and_then(|d| d.parse::<i128>().ok());
        }
        if !LLVMIsAConstantAggregateZero(v).is_null() || !LLVMIsAConstantPointerNull(v).is_null() {
            return Some(0);
        }
        None
    }
}

/// The module a function's instruction belongs to.
fn module_of(inst: Value) -> LLVMModuleRef {
    unsafe { LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst))) }
}

/// The size in bytes of a pointer in `inst`'s module (its data layout).
pub fn pointer_size(inst: Value) -> u32 {
    unsafe { llvm_sys::target::LLVMPointerSize(llvm_sys::target::LLVMGetModuleDataLayout(module_of(inst))) }
}

/// For `getelementptr T, ptr %p, iN C` (one constant index), the offset in
/// bytes from `%p`: `C * sizeof(T)` by the module's data layout. Clang 14
/// writes `argv[1]` as `gep ptr, %argv, 1`, clang 19 at -O2 as
/// `gep i8, %argv, 8`; both give 8 on LP64.
pub fn gep_byte_offset(gep: Value) -> Option<i128> {
    if !is_instruction(gep) || opcode(gep) != LLVMOpcode::LLVMGetElementPtr || num_operands(gep) != 2 {
        return None;
    }
    let index = const_int(operand(gep, 1))?;
    let size = unsafe {
        let td = llvm_sys::target::LLVMGetModuleDataLayout(module_of(gep));
        llvm_sys::target::LLVMABISizeOfType(td, LLVMGetGEPSourceElementType(gep))
    };
    index.checked_mul(size as i128)
}

/// The called value of a call, seen through pointer casts (a call to an
/// unprototyped C function is a call through a bitcast of the function).
pub fn called_value(call: Value) -> Value {
    unsafe {
        let mut v = LLVMGetCalledValue(call);
        while !LLVMIsAConstantExpr(v).is_null()
            && matches!(LLVMGetConstOpcode(v), LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast)
        {
            v = LLVMGetOperand(v, 0);
        }
        v
    }
}

/// The text of a constant C string a pointer operand points to
/// ([`const_c_bytes`], lossy where it is not UTF-8).
pub fn const_c_string(v: Value) -> Option<String> {
    const_c_bytes(v).map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// The bytes, up to its first NUL, of a constant C string a pointer operand
/// points to (a global `[N x i8]` initializer, seen through casts and a
/// constant `getelementptr` to its start).
pub fn const_c_bytes(v: Value) -> Option<Vec<u8>> {
    unsafe {
        let mut v = v;
        while !LLVMIsAConstantExpr(v).is_null() {
            match LLVMGetConstOpcode(v) {
                LLVMOpcode::LLVMGetElementPtr => {
                    let zero = (1..LLVMGetNumOperands(v) as u32).all(|i| const_int(LLVMGetOperand(v, i)) == Some(0));
                    if !zero {
                        return None;
                    }
                }
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {}
                _ => break,
            }
            v = LLVMGetOperand(v, 0);
        }
        if LLVMIsAGlobalVariable(v).is_null() {
            return None;
        }
        let init = LLVMGetInitializer(v);
        if init.is_null() || LLVMIsConstantString(init) == 0 {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetAsString(init, &mut len);
        if p.is_null() {
            return None;
        }
        let bytes = std::slice::from_raw_parts(p as *const u8, len);
        Some(bytes.split(|&b| b == 0).next().unwrap_or(bytes).to_vec())
    }
}

/// Does the `or` instruction carry LLVM 18's `disjoint` flag (no bit is set
/// in both operands, so `a | b == a + b`; otherwise the result is poison)?
pub fn is_disjoint_or(inst: Value) -> bool {
    #[cfg(feature = "llvm19")]
    {
        unsafe { LLVMGetIsDisjoint(inst) != 0 }
    }
    #[cfg(not(feature = "llvm19"))]
    {
        printed(inst).contains(" = or disjoint ")
    }
}

pub fn call_arg_count(call: Value) -> u32 {
    unsafe { LLVMGetNumArgOperands(call) }
}

pub fn icmp_predicate(inst: Value) -> llvm_sys::LLVMIntPredicate {
    unsafe { LLVMGetICmpPredicate(inst) }
}

/// The widest integers the program model holds: constants are `i128`
/// (DESIGN.md "Program model"), so `__int128` and the `i65` of
/// `__builtin_*_overflow` with mixed operands fit; wider ones are unsupported.
pub const MAX_INT_BITS: u32 = 128;

/// The instruction as LLVM prints it (LLVM 14's C API has no flag getters).
fn printed(inst: Value) -> String {
    unsafe {
        let p = LLVMPrintValueToString(inst);
        if p.is_null() {
            return String::new();
        }
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        s
    }
}

/// The `nsw` and `nuw` flags of an arithmetic instruction.
pub fn wrap_flags(inst: Value) -> (bool, bool) {
    let words = flag_words(inst);
    (words.iter().any(|w| w == "nsw"), words.iter().any(|w| w == "nuw"))
}

/// Whether a `zext` carries `nneg` (LLVM 18 on: the operand is nonnegative,
/// else the result is poison; as for `nsw`, the program model takes that
/// to hold, DESIGN.md "Semantics").
pub fn nonneg_flag(inst: Value) -> bool {
    flag_words(inst).iter().any(|w| w == "nneg")
}

/// The first words after `=` of an instruction's text: its opcode and flags.
fn flag_words(inst: Value) -> Vec<String> {
    let text = printed(inst);
    let head = text.split('=').nth(1).unwrap_or("");
    let head = head.split(',').next().unwrap_or("");
    head.split_whitespace().take(4).map(str::to_string).collect()
}

pub fn incoming(phi: Value) -> Vec<(Value, LLVMBasicBlockRef)> {
    unsafe {
        let n = LLVMCountIncoming(phi);
        (0..n).map(|i| (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i))).collect()
    }
}

pub fn successors(term: Value) -> Vec<LLVMBasicBlockRef> {
    unsafe {
        let n = LLVMGetNumSuccessors(term);
        (0..n).map(|i| LLVMGetSuccessor(term, i)).collect()
    }
}

pub fn instructions(bb: LLVMBasicBlockRef) -> Vec<Value> {
    let mut out = Vec::new();
    unsafe {
        let mut i = LLVMGetFirstInstruction(bb);
        while !i.is_null() {
            out.push(i);
            i = LLVMGetNextInstruction(i);
        }
    }
    out
}

/// The instructions of every function defined in the module (its size as
/// `bench` and `compare-opt` report it).
pub fn count_instructions(module: LLVMModuleRef) -> usize {
    let mut n = 0;
    unsafe {
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            n += blocks(f).into_iter().map(|b| instructions(b).len()).sum::<usize>();
            f = LLVMGetNextFunction(f);
        }
    }
    n
}

pub fn blocks(f: Value) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    unsafe {
        let mut b = LLVMGetFirstBasicBlock(f);
        while !b.is_null() {
            out.push(b);
            b = LLVMGetNextBasicBlock(b);
        }
    }
    out
}

pub fn block_name(bb: LLVMBasicBlockRef) -> String {
    unsafe {
        let p = LLVMGetBasicBlockName(bb);
        if p.is_null() {
            String::new()
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }
}

pub fn extract_index(inst: Value) -> Option<u32> {
    unsafe {
        if LLVMGetNumIndices(inst) == 1 {
            Some(*LLVMGetIndices(inst))
        } else {
            None
        }
    }
}

/// The debug location of an instruction, with `file` as fallback file name.
pub fn debug_loc(inst: Value, file: &str) -> SrcLoc {
    unsafe {
        let line = LLVMGetDebugLocLine(inst);
        if line == 0 {
            return SrcLoc { file: file.to_string(), line: 0, col: 0 };
        }
        let col = LLVMGetDebugLocColumn(inst);
        let mut len = 0u32;
        let p = LLVMGetDebugLocFilename(inst, &mut len);
        let f = if p.is_null() || len == 0 {
            file.to_string()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
        };
        SrcLoc { file: f, line, col }
    }
}

/// The call sites, outermost first, of the inlined calls an instruction's
/// code is in (its debug location's `inlinedAt` chain), with `file` as
/// fallback file name; empty for code of the function itself.
pub fn inlined_calls(inst: Value, file: &str) -> Vec<SrcLoc> {
    use llvm_sys::debuginfo::*;
    let mut out = Vec::new();
    // SAFETY: reads the debug metadata of a live instruction.
    unsafe {
        let loc = LLVMInstructionGetDebugLoc(inst);
        if loc.is_null() {
            return out;
        }
        let mut at = LLVMDILocationGetInlinedAt(loc);
        while !at.is_null() {
            out.push(di_location(at, file));
            at = LLVMDILocationGetInlinedAt(at);
        }
    }
    out.reverse();
    out
}

/// The operands of the metadata node `md` (as values; a metadata operand is
/// wrapped as `MetadataAsValue`).
fn md_operands(md: Value) -> Vec<Value> {
    // SAFETY: `md` is a live metadata node wrapped as a value.
    unsafe {
        let n = LLVMGetMDNodeNumOperands(md) as usize;
        let mut out = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(md, out.as_mut_ptr());
        out
    }
}

/// The metadata kind `llvm.loop` in `inst`'s context.
fn loop_kind(inst: Value) -> u32 {
    // SAFETY: reads the context of a live instruction.
    unsafe {
        LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(inst)), c"llvm.loop".as_ptr(), "llvm.loop".len() as u32)
    }
}

/// The `llvm.loop` metadata node of a loop's latch branch, if it has one.
fn loop_id(term: Value) -> Option<Value> {
    // SAFETY: reads metadata of a live instruction.
    let md = unsafe { LLVMGetMetadata(term, loop_kind(term)) };
    (!md.is_null()).then_some(md)
}

/// Where the source loop whose latch branch is `term` starts: the first
/// `DILocation` of its `llvm.loop` node, which clang sets to the loop
/// statement's first character (its `while`, `for` or `do`) when it emits
/// debug information; `file` where the location names none.
pub fn loop_start(term: Value, file: &str) -> Option<SrcLoc> {
    use llvm_sys::debuginfo::*;
    let md = loop_id(term)?;
    // SAFETY: reads operands of a live metadata node.
    unsafe {
        let loc = md_operands(md)
            .into_iter()
            .skip(1)
            .filter(|v| !v.is_null())
            .map(|v| LLVMValueAsMetadata(v))
            .find(|m| matches!(LLVMGetMetadataKind(*m), LLVMMetadataKind::LLVMDILocationMetadataKind))?;
        Some(di_location(loc, file)).filter(|at| at.line > 0)
    }
}

/// The position a `DILocation` names, in the file of its scope (`file`
/// where the scope names none).
///
/// # Safety
/// `loc` is a live `DILocation`.
unsafe fn di_location(loc: LLVMMetadataRef, file: &str) -> SrcLoc {
    use llvm_sys::debuginfo::*;
    let scope = LLVMDILocationGetScope(loc);
    let f = if scope.is_null() { std::ptr::null_mut() } else { LLVMDIScopeGetFile(scope) };
    let mut len = 0u32;
    let p = if f.is_null() { std::ptr::null() } else { LLVMDIFileGetFilename(f, &mut len) };
    let name = if p.is_null() || len == 0 {
        file.to_string()
    } else {
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
    };
    SrcLoc { file: name, line: LLVMDILocationGetLine(loc), col: LLVMDILocationGetColumn(loc) }
}

/// The loop headers among `blocks` (a function's, its entry first) with
/// where their source loops start ([`loop_start`]): a header is a successor
/// of a latch branch carrying `llvm.loop` that dominates the latch (a
/// latch's other successor leaves the loop).
pub fn loop_starts(blocks: &[LLVMBasicBlockRef], file: &str) -> HashMap<LLVMBasicBlockRef, SrcLoc> {
    use petgraph::algo::dominators::simple_fast;
    let mut out = HashMap::new();
    let index: HashMap<LLVMBasicBlockRef, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let terms: Vec<Value> = blocks.iter().map(|b| unsafe { LLVMGetBasicBlockTerminator(*b) }).collect();
    if blocks.is_empty() || !terms.iter().any(|t| !t.is_null() && loop_id(*t).is_some()) {
        return out;
    }
    let mut g = petgraph::graph::DiGraph::<(), ()>::new();
    let nodes: Vec<_> = blocks.iter().map(|_| g.add_node(())).collect();
    for (i, t) in terms.iter().enumerate() {
        if !t.is_null() {
            for s in successors(*t) {
                if let Some(&j) = index.get(&s) {
                    g.add_edge(nodes[i], nodes[j], ());
                }
            }
        }
    }
    let dom = simple_fast(&g, nodes[0]);
    for (i, t) in terms.iter().enumerate() {
        if t.is_null() {
            continue;
        }
        let Some(start) = loop_start(*t, file) else { continue };
        for s in successors(*t) {
            let Some(&j) = index.get(&s) else { continue };
            let dominates = dom.dominators(nodes[i]).is_some_and(|mut d| d.any(|n| n == nodes[j]));
            if dominates {
                out.entry(s).or_insert_with(|| start.clone());
            }
        }
    }
    out
}

/// Takes the forward-progress property (`llvm.loop.mustprogress`) out of
/// the `llvm.loop` nodes of the latch branches `terms`, keeping the rest
/// (the loop's source range, which [`loop_start`] reads).
pub fn forget_loop_progress(terms: &[Value]) {
    rewrite_loop_ids(terms, |op| !is_property(op, "llvm.loop.mustprogress"), None);
}

/// Adds the loop property `!{!"name"}` to the loops whose latch branches
/// are `terms`.
pub fn add_loop_property(terms: &[Value], name: &str) {
    rewrite_loop_ids(terms, |_| true, Some(name));
}

/// Gives each latch branch of `terms` a new `llvm.loop` node: its old one's
/// operands that `keep` keeps (none where it had none) and the property
/// `add`; latches that shared a node share the new one, a node that would not
/// change stays. A loop's ID refers to itself (LLVM's LangRef, "llvm.loop"):
/// built through a temporary node that the ID then replaces.
fn rewrite_loop_ids(terms: &[Value], keep: impl Fn(Value) -> bool, add: Option<&str>) {
    use llvm_sys::debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode};
    let mut made: HashMap<Value, LLVMMetadataRef> = HashMap::new();
    for &term in terms {
        let old = loop_id(term);
        let ops: Vec<Value> = old.map(md_operands).unwrap_or_default().into_iter().skip(1).collect();
        let kept: Vec<Value> = ops.iter().copied().filter(|v| !v.is_null() && keep(*v)).collect();
        if add.is_none() && (old.is_none() || kept.len() == ops.len()) {
            continue;
        }
        // SAFETY: builds metadata in the context of a live instruction and
        // attaches it to that instruction.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(term));
            let id = match old.and_then(|o| made.get(&o)) {
                Some(id) => *id,
                None => {
                    let temp = LLVMTemporaryMDNode(ctx, std::ptr::null_mut(), 0);
                    let mut new = vec![temp];
                    new.extend(kept.iter().map(|v| LLVMValueAsMetadata(*v)));
                    if let Some(name) = add {
                        let mut text = LLVMMDStringInContext2(ctx, name.as_ptr() as *const _, name.len());
                        new.push(LLVMMDNodeInContext2(ctx, &mut text, 1));
                    }
                    let id = LLVMMDNodeInContext2(ctx, new.as_mut_ptr(), new.len());
                    LLVMMetadataReplaceAllUsesWith(temp, id);
                    if let Some(o) = old {
                        made.insert(o, id);
                    }
                    id
                }
            };
            LLVMSetMetadata(term, loop_kind(term), LLVMMetadataAsValue(ctx, id));
        }
    }
}

/// Whether the metadata value `op` is a loop property `!{!"name", ...}`.
fn is_property(op: Value, name: &str) -> bool {
    // SAFETY: reads a live metadata value.
    unsafe {
        if LLVMIsAMDNode(op).is_null() || LLVMGetMDNodeNumOperands(op) == 0 {
            return false;
        }
        let first = md_operands(op)[0];
        if first.is_null() || LLVMIsAMDString(first).is_null() {
            return false;
        }
        let mut len = 0u32;
        let p = LLVMGetMDString(first, &mut len);
        !p.is_null() && std::slice::from_raw_parts(p as *const u8, len as usize) == name.as_bytes()
    }
}

/// The compilation directory of an instruction's debug location (where a
/// relative file name is relative to), if it has one.
pub fn debug_dir(inst: Value) -> Option<String> {
    unsafe {
        if LLVMGetDebugLocLine(inst) == 0 {
            return None;
        }
        let mut len = 0u32;
        let p = LLVMGetDebugLocDirectory(inst, &mut len);
        (!p.is_null() && len > 0)
            .then(|| String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned())
    }
}

/// A call to `llvm.dbg.value`: which source variable it describes and, if the
/// described value *is* the variable's value (an empty `DIExpression`, not
/// `undef`), that value.
pub struct DbgValue {
    /// The `DILocalVariable` (as a value; unique per variable).
    pub var: Value,
    pub name: String,
    pub value: Option<Value>,
}

/// Is `inst` a call to `llvm.dbg.value`?
pub fn is_dbg_value(inst: Value) -> bool {
    opcode(inst) == LLVMOpcode::LLVMCall && {
        let callee = called_value(inst);
        is_function(callee) && name(callee) == "llvm.dbg.value"
    }
}

/// Is `inst` a call to a debug intrinsic (`llvm.dbg.*`)?
pub fn is_debug_intrinsic(inst: Value) -> bool {
    opcode(inst) == LLVMOpcode::LLVMCall && {
        let callee = called_value(inst);
        is_function(callee) && name(callee).starts_with("llvm.dbg.")
    }
}

/// Reads a call to `llvm.dbg.value` (`None` for any other instruction).
pub fn dbg_value(call: Value) -> Option<DbgValue> {
    if !is_dbg_value(call) {
        return None;
    }
    let exact = printed(operand(call, 2)).contains("!DIExpression()");
    unsafe {
        let md_val = operand(call, 0);
        let md_var = operand(call, 1);
        // The C API's MDNode accessors `cast<MDNode>` what they are given: a
        // `DIArgList` (LLVM 17+, `!DIArgList(i32 %a, i32 %b)` for a variable
        // computed from several values) is no MDNode and must not reach them.
        if LLVMIsAMDNode(md_var).is_null() {
            return None;
        }
        let n = LLVMGetMDNodeNumOperands(md_var);
        if n < 2 {
            return None;
        }
        let mut ops: Vec<Value> = vec![std::ptr::null_mut(); n as usize];
        LLVMGetMDNodeOperands(md_var, ops.as_mut_ptr());
        let name_md = ops[1];
        if name_md.is_null() {
            return None;
        }
        let mut len = 0u32;
        let p = LLVMGetMDString(name_md, &mut len);
        if p.is_null() || len == 0 {
            return None;
        }
        let name = String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned();
        let mut v: Value = std::ptr::null_mut();
        if !LLVMIsAMDNode(md_val).is_null() && LLVMGetMDNodeNumOperands(md_val) == 1 {
            LLVMGetMDNodeOperands(md_val, &mut v);
        }
        let value = (exact && !v.is_null() && !is_undef(v)).then_some(v);
        Some(DbgValue { var: md_var, name, value })
    }
}

/// The value a debug intrinsic (`llvm.dbg.value`, `llvm.dbg.declare`)
/// describes, if its first operand wraps one.
pub fn described_value(inst: Value) -> Option<Value> {
    if !is_debug_intrinsic(inst) {
        return None;
    }
    unsafe {
        let md = operand(inst, 0);
        if md.is_null() || LLVMIsAMDNode(md).is_null() || LLVMGetMDNodeNumOperands(md) != 1 {
            return None;
        }
        let mut v: Value = std::ptr::null_mut();
        LLVMGetMDNodeOperands(md, &mut v);
        (!v.is_null()).then_some(v)
    }
}

/// The parameter number (from 1) of a `DILocalVariable` that is a
/// function's parameter (`arg: N` in its metadata), `None` for a local.
pub fn parameter_number(var: Value) -> Option<u32> {
    let text = printed(var);
    let at = text.find("arg: ")? + "arg: ".len();
    text[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok().filter(|n| *n > 0)
}

/// The value of a constant integer of at most 64 bits, sign-extended.
pub fn constant_int(v: Value) -> Option<i128> {
    unsafe { (!LLVMIsAConstantInt(v).is_null()).then(|| i128::from(LLVMConstIntGetSExtValue(v))) }
}

/// The functions of a module that have debug info (before inlining removes them),
/// so that a source position can be attributed to the function containing it.
pub fn source_functions(module: LLVMModuleRef) -> Vec<SourceFunction> {
    use llvm_sys::debuginfo::*;
    let mut out = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            let sp = LLVMGetSubprogram(f);
            if !sp.is_null() {
                let file = LLVMDIScopeGetFile(sp);
                let mut len = 0u32;
                let p = if file.is_null() { std::ptr::null() } else { LLVMDIFileGetFilename(file, &mut len) };
                let file = if p.is_null() {
                    String::new()
                } else {
                    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
                };
                out.push(SourceFunction { name: name(f), file, line: LLVMDISubprogramGetLine(sp) });
            }
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

/// The first string of the module's `llvm.ident` (the compiler that wrote it:
/// clang puts "<vendor> clang version X.Y.Z ..." there), if any.
pub fn producer(m: LLVMModuleRef) -> Option<String> {
    unsafe {
        let name = c"llvm.ident";
        let n = LLVMGetNamedMetadataNumOperands(m, name.as_ptr());
        if n == 0 {
            return None;
        }
        let mut ops = vec![std::ptr::null_mut(); n as usize];
        LLVMGetNamedMetadataOperands(m, name.as_ptr(), ops.as_mut_ptr());
        let node = *ops.first()?;
        if node.is_null() || LLVMGetMDNodeNumOperands(node) == 0 {
            return None;
        }
        let mut fields = vec![std::ptr::null_mut(); LLVMGetMDNodeNumOperands(node) as usize];
        LLVMGetMDNodeOperands(node, fields.as_mut_ptr());
        let s = *fields.first()?;
        if s.is_null() {
            return None;
        }
        let mut len = 0u32;
        let p = LLVMGetMDString(s, &mut len);
        if p.is_null() {
            return None;
        }
        let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
        Some(String::from_utf8_lossy(bytes).trim().to_string()).filter(|s| !s.is_empty())
    }
}

/// Keeps debug information as `llvm.dbg.*` intrinsic calls, where the
/// translation reads variable names. LLVM 19 holds it as debug records beside
/// the instructions by default (an old-format module read from an older
/// clang stays as it is); converting is exact both ways.
pub fn use_debug_intrinsics(m: LLVMModuleRef) {
    #[cfg(feature = "llvm19")]
    unsafe {
        if LLVMIsNewDbgInfoFormat(m) != 0 {
            LLVMSetIsNewDbgInfoFormat(m, 0);
        }
    }
    #[cfg(not(feature = "llvm19"))]
    let _ = m;
}

/// The function `void name(void)` of module `m` (declared if it is not yet)
/// and its type: the markers ufo's passes call (`indirect_calls`, `recursion`).
pub fn void_marker(m: llvm_sys::prelude::LLVMModuleRef, name: &str) -> (LLVMTypeRef, Value) {
    unsafe {
        let void = llvm_sys::core::LLVMVoidTypeInContext(llvm_sys::core::LLVMGetModuleContext(m));
        let ty = llvm_sys::core::LLVMFunctionType(void, std::ptr::null_mut(), 0, 0);
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        let mut f = llvm_sys::core::LLVMGetNamedFunction(m, cname.as_ptr());
        if f.is_null() {
            f = llvm_sys::core::LLVMAddFunction(m, cname.as_ptr(), ty);
        }
        (ty, f)
    }
}

/// The function `name` of `m` (declared with this type if it is not there).
pub unsafe fn declare(
    m: LLVMModuleRef,
    name: &str,
    ret: LLVMTypeRef,
    params: &[LLVMTypeRef],
) -> (LLVMValueRef, LLVMTypeRef) {
    let cname = std::ffi::CString::new(name).unwrap_or_default();
    let mut params = params.to_vec();
    let fty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
    let f = LLVMGetNamedFunction(m, cname.as_ptr());
    let f = if f.is_null() { LLVMAddFunction(m, cname.as_ptr(), fty) } else { f };
    (f, fty)
}

/// A call of `f` with `args` before the builder's position.
pub unsafe fn build_call(
    b: LLVMBuilderRef,
    (f, fty): (LLVMValueRef, LLVMTypeRef),
    args: &[LLVMValueRef],
    name: &str,
) -> LLVMValueRef {
    let cname = std::ffi::CString::new(name).unwrap_or_default();
    let mut args = args.to_vec();
    LLVMBuildCall2(b, fty, f, args.as_mut_ptr(), args.len() as u32, cname.as_ptr())
}

/// The calls in `module` of each of `names` that the module declares
/// without a body (the C library's functions a rewrite replaces).
pub fn calls_of(module: &inkwell::module::Module, names: &[&str]) -> Vec<Value> {
    let mut out = Vec::new();
    for name in names {
        let Some(f) = module.get_function(name).filter(|f| f.count_basic_blocks() == 0) else { continue };
        let f = inkwell::values::AsValueRef::as_value_ref(&f);
        out.extend(
            users(f)
                .into_iter()
                .filter(|c| is_instruction(*c) && opcode(*c) == LLVMOpcode::LLVMCall && called_value(*c) == f),
        );
    }
    out
}

/// A rewrite of one call into calls of models over a state (`sscanf`,
/// `sprintf`, `scanf("%s")`): a builder placed before the call, with its
/// debug location, and the state, an array allocated in the entry block
/// (promoted once inlined) and set to `init` before the call.
pub struct CallRewrite {
    pub builder: LLVMBuilderRef,
    pub call: Value,
    pub state: Value,
}

impl CallRewrite {
    /// # Safety
    /// `call` is a call instruction of a function with a body, `init` constants of one integer type.
    pub unsafe fn new(call: Value, init: &[Value], name: &std::ffi::CStr) -> CallRewrite {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(call));
        let b = LLVMCreateBuilderInContext(ctx);
        let f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
        LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)));
        #[allow(deprecated)] // (LLVMArrayType2 is not in LLVM 14's C API)
        let ty = LLVMArrayType(LLVMTypeOf(init[0]), init.len() as u32);
        let state = LLVMBuildAlloca(b, ty, name.as_ptr());
        LLVMPositionBuilderBefore(b, call);
        LLVMSetCurrentDebugLocation2(b, llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(call));
        let i64t = LLVMInt64TypeInContext(ctx);
        for (k, v) in init.iter().enumerate() {
            let mut idx = [LLVMConstInt(i64t, 0, 0), LLVMConstInt(i64t, k as u64, 0)];
            let at = LLVMBuildGEP2(b, ty, state, idx.as_mut_ptr(), 2, c"".as_ptr());
            LLVMBuildStore(b, *v, at);
        }
        CallRewrite { builder: b, call, state }
    }

    /// Replaces every use of the call with `result` and deletes the call.
    ///
    /// # Safety
    /// `result` is a value of the call's type built before it.
    pub unsafe fn finish(self, result: Value) {
        LLVMDisposeBuilder(self.builder);
        LLVMReplaceAllUsesWith(self.call, result);
        LLVMInstructionEraseFromParent(self.call);
    }
}
