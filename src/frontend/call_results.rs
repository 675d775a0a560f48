//! The values calls return, for counterexamples (issue 44 §3: "each call
//! and return with argument and result values").
//!
//! Inlining leaves no trace of which value a call returned (its uses take
//! the callee's returned value, or a `phi` of them), while debug info does
//! describe each inlined call's parameters. So before anything is inlined,
//! every call of a function with a body and an integer result gets an
//! `llvm.dbg.value` after it: a local variable named [`RESULT_VAR`] in the
//! caller's scope, at the call's own position, holding the call's value.
//! Debug descriptions never change what the optimizer does (by LLVM's
//! design), and inlining carries this one along with the caller's: its
//! `inlinedAt` chain names the caller's frame, its position the call, so
//! the translation reads the result of each inlined call (its chain of call
//! sites) as it reads the arguments (`Program::call_args`). Where the
//! optimizer drops the value, the return shows none.
//!
//! Invariant: the variable is no source variable: the debug-name passes
//! (`debug_vars`, the translation's names) never show it as one.

use super::llvm::{self, Ty, Value};
use llvm_sys::core::*;
use llvm_sys::debuginfo::*;
use llvm_sys::prelude::{LLVMDIBuilderRef, LLVMMetadataRef, LLVMModuleRef};
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// The name of the variable that holds a call's result.
pub const RESULT_VAR: &str = "ufo.result";

/// Describes the result of every call to a defined function with an integer
/// result and a debug location in `m` (before inlining).
pub fn mark(m: LLVMModuleRef) {
    let mut calls = Vec::new();
    // SAFETY: walks the live functions and instructions of `m`.
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            for bb in llvm::blocks(f) {
                for inst in llvm::instructions(bb) {
                    if llvm::opcode(inst) != LLVMOpcode::LLVMCall
                        || !matches!(llvm::value_ty(inst), Ty::Int(b) if b > 1)
                    {
                        continue;
                    }
                    let callee = llvm::called_value(inst);
                    if llvm::is_function(callee)
                        && LLVMCountBasicBlocks(callee) > 0
                        && !LLVMInstructionGetDebugLoc(inst).is_null()
                        && !LLVMGetNextInstruction(inst).is_null()
                    {
                        calls.push(inst);
                    }
                }
            }
            f = LLVMGetNextFunction(f);
        }
        if calls.is_empty() {
            return;
        }
        #[cfg(feature = "llvm19")]
        let old_format = LLVMIsNewDbgInfoFormat(m) == 0;
        #[cfg(feature = "llvm19")]
        if old_format {
            LLVMSetIsNewDbgInfoFormat(m, 1);
        }
        let builder = LLVMCreateDIBuilderDisallowUnresolved(m);
        let expr = LLVMDIBuilderCreateExpression(builder, std::ptr::null_mut(), 0);
        let mut types: HashMap<u32, LLVMMetadataRef> = HashMap::new();
        for call in calls {
            describe(builder, call, expr, &mut types);
        }
        LLVMDisposeDIBuilder(builder);
        #[cfg(feature = "llvm19")]
        if old_format {
            LLVMSetIsNewDbgInfoFormat(m, 0);
        }
    }
}

/// The `llvm.dbg.value` of one call's result (the call has a debug location
/// and a next instruction).
unsafe fn describe(
    builder: LLVMDIBuilderRef,
    call: Value,
    expr: LLVMMetadataRef,
    types: &mut HashMap<u32, LLVMMetadataRef>,
) {
    let Ty::Int(bits) = llvm::value_ty(call) else { return };
    let loc = LLVMInstructionGetDebugLoc(call);
    let scope = LLVMDILocationGetScope(loc);
    if scope.is_null() {
        return;
    }
    let file = LLVMDIScopeGetFile(scope);
    let ty = *types.entry(bits).or_insert_with(|| {
        let name = format!("int{bits}");
        LLVMDIBuilderCreateBasicType(builder, name.as_ptr().cast(), name.len(), u64::from(bits), 5, LLVMDIFlagZero)
    });
    let var = LLVMDIBuilderCreateAutoVariable(
        builder,
        scope,
        RESULT_VAR.as_ptr().cast(),
        RESULT_VAR.len(),
        file,
        LLVMDILocationGetLine(loc),
        ty,
        0,
        LLVMDIFlagZero,
        0,
    );
    let next = LLVMGetNextInstruction(call);
    #[cfg(feature = "llvm19")]
    LLVMDIBuilderInsertDbgValueRecordBefore(builder, call, var, expr, loc, next);
    #[cfg(not(feature = "llvm19"))]
    LLVMDIBuilderInsertDbgValueBefore(builder, call, var, expr, loc, next);
}
