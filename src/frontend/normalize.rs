//! Steps 2–3 of the pipeline: verification-specific normalization, then LLVM's
//! own optimization pipeline for the requested level, run in-process.
//!
//! 1. Verifier builtins lose any body the file gives them, so that calls to
//!    them stay recognizable (DESIGN.md "Builtins").
//! 2. Every call through a function pointer becomes a call of a dispatcher
//!    over the functions it may call (`indirect_calls`). If a function is
//!    recursive, LLVM's `tailcallelim` turns tail and accumulator recursion
//!    into loops first (mutual recursion inlined into one function of its
//!    cycle before); the functions of a cycle that is left are copied to a
//!    depth bound (`recursion`). Everything but the
//!    entry function is internalized and marked
//!    `alwaysinline`; `noinline`/`optnone` are dropped; `always-inline` runs.
//!    A call to a defined function that survives inlining is recursion: UNKNOWN.
//! 3. Forward-progress assumptions (`mustprogress`, the `llvm.loop.mustprogress`
//!    property of loops) are removed (a loop's `llvm.loop` node stays: its
//!    source range locates the loop in a witness): C11 lets a compiler delete side-effect-free loops, but a loop that
//!    never terminates makes the code after it unreachable, and deleting it could
//!    make a safe program look unsafe.
//! 4. The inputs a C program reads (`scanf` into integers) become calls of
//!    ufo's input functions whose results are stored (module `inputs`), so that
//!    the variables read stay promotable.
//! 5. Scalar globals whose only uses are loads and stores in the entry function
//!    become allocas initialized with the global's initializer, and
//!    `sroa,mem2reg` turns them (and every other promotable alloca) into SSA values.
//!    Then `main`'s `argv` becomes byte arrays where it is read as characters
//!    (`inputs::model_argv`), and the calls of `atoi`/`strtol` that are not
//!    `argv[i]`'s number are inlined from their late models (`inputs::redirect_late`).
//! 6. `default<On>` runs for O1/O2/O3/Os; O0 stops after step 5. Every
//!    function carries `noimplicitfloat` first, which LLVM's loop and SLP
//!    vectorizers respect: a vectorized loop computes in `<4 x i32>` values and
//!    ends in `llvm.vector.reduce.*`, which the program model does not represent
//!    (it would be havocked: UNKNOWN). `opt -vectorize-loops=false` would do the
//!    same, but only as a process-wide `cl::opt`; the attribute is per module and
//!    also holds when ufo is a library. Vector code in a file the user optimized
//!    already stays as it is (its vector values are havocked and counted).
//!    Loops also carry `llvm.loop.unroll.runtime.disable` (see
//!    `disable_runtime_unrolling`): no unrolling by four with a remainder loop.
//!    The `ufo` executable also keeps induction variables at their width and
//!    turns partial unrolling off ([`set_loop_options`]).

use super::builtins::{check_kind, inlined_error_hazard, is_opaque_builtin};
use super::inputs;
use super::llvm;
use super::{FrontendOptions, OptLevel};
use crate::error::{Error, Result};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::values::{AsValueRef, FunctionValue};
use inkwell::OptimizationLevel;
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode;

fn target_machine(module: &Module) -> Result<TargetMachine> {
    Target::initialize_x86(&InitializationConfig::default());
    let triple = module.get_triple();
    let target_triple =
        if triple.as_str().to_bytes().is_empty() { TargetMachine::get_default_triple() } else { triple };
    let (target, triple) = match Target::from_triple(&target_triple) {
        Ok(t) => (t, target_triple),
        Err(_) => {
            let d = TargetMachine::get_default_triple();
            (Target::from_triple(&d).map_err(|e| Error::Tool(e.to_string()))?, d)
        }
    };
    target
        .create_target_machine(
            &triple,
            "generic",
            "",
            OptimizationLevel::Default,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| Error::Tool(format!("cannot create a target machine for {}", triple_str(&triple))))
}

fn triple_str(t: &TargetTriple) -> String {
    t.as_str().to_string_lossy().into_owned()
}

fn run(module: &Module, tm: &TargetMachine, passes: &str, file: &str) -> Result<()> {
    module
        .run_passes(passes, tm, PassBuilderOptions::create())
        .map_err(|e| Error::input(file, format!("LLVM pass pipeline '{passes}' failed: {e}")))
}

/// Takes away `f`'s forward-progress assumptions (step 3; the replay's
/// optimized run, `jit`, too): its `mustprogress` and `willreturn`, and the
/// `llvm.loop.mustprogress` property of its loops (their `llvm.loop` nodes
/// stay, with the source range a witness locates a loop by).
pub(super) fn forget_forward_progress(f: FunctionValue) {
    for a in ["mustprogress", "willreturn"] {
        remove_fn_attr(f, a);
    }
    let terms: Vec<_> =
        llvm::blocks(f.as_value_ref()).into_iter().map(|bb| unsafe { LLVMGetBasicBlockTerminator(bb) }).collect();
    llvm::forget_loop_progress(&terms.into_iter().filter(|t| !t.is_null()).collect::<Vec<_>>());
}

fn remove_fn_attr(f: FunctionValue, name: &str) {
    let kind = Attribute::get_named_enum_kind_id(name);
    if f.get_enum_attribute(AttributeLoc::Function, kind).is_some() {
        f.remove_enum_attribute(AttributeLoc::Function, kind);
    }
}

/// What normalization found out about the module.
pub struct Normalized {
    /// Why SAFE cannot be claimed for this module, if an error function's body
    /// may already have been inlined beyond recognition (see `builtins`).
    pub hazard: Option<String>,
    /// The kinds of checks of the entry function after inlining, before
    /// optimization (sorted, each once).
    pub checks: Vec<String>,
    /// The recursive functions copied to a bound (`recursion`), if any: the
    /// model is then an under-approximation, and SAFE is out of reach.
    pub bounded: Option<super::recursion::Bounded>,
    /// The functions that were recursive (before `tailcallelim`).
    pub recursive: Vec<String>,
    /// The functions whose calls became summary calls (`Recursion::Summarize`).
    pub summarized: Vec<String>,
}

/// Makes LLVM's IndVarSimplify keep a loop's induction variable at the width
/// of the source (`-indvars-widen-indvars=false`, a process-wide `cl::opt`;
/// the `ufo` executable sets it once at start, the pass plugin does not, as it
/// would change its host compiler's own code). Widened, `for (int i = 0; i <
/// n; i++) a[i] = 2 * i;` counts in 64 bits and stores `trunc(i) << 1`, which
/// is no longer exact without the bound `i < n`: under `lia` a wrap with a
/// fresh quotient, and no engine found the invariant of
/// `llvm-tests/memory/array_fill_safe.c` at -O2 in a minute; narrow, the
/// store is `shl nuw nsw i32` and the cell abstraction proves it in seconds.
/// Widening only removes `sext`/`zext`s; the program's meaning is the same.
///
/// It also turns off partial unrolling (`-unroll-allow-partial=false`, which
/// overrides the target's preference): a loop with a large constant trip
/// count (`for (i = 0; i < 100000; i++) a[i] = 42;`, SV-COMP's
/// `array-examples`) is otherwise unrolled by eight, and its invariant
/// `∀k < i. a[k] = 42` then needs `i ≡ 0 (mod 8)` and eight stores per step,
/// which the cell abstraction did not find in a minute. Full unrolling of
/// small constant trip counts stays (it removes a loop), as does everything
/// else; like the runtime unrolling `disable_runtime_unrolling` turns off, a
/// partial unrolling only repeats the body.
/// Parsing options twice is an error in LLVM, hence once per process.
pub fn set_loop_options() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let args = [c"ufo".as_ptr(), c"-indvars-widen-indvars=false".as_ptr(), c"-unroll-allow-partial=false".as_ptr()];
        unsafe { llvm_sys::support::LLVMParseCommandLineOptions(3, args.as_ptr(), std::ptr::null()) };
    });
}

/// LLVM's `tailcallelim` turns a function whose recursion is all tail or
/// accumulator recursion (`n * fact(n - 1)`) into a loop, which every engine
/// takes whole (no bound). A function it leaves recursive (`fib`: one of two
/// calls becomes a loop around the other) keeps its code, for `recursion` to
/// bound as written: the pass is tried on a copy of the module first, and
/// skips those functions (`optnone`, removed with the other attributes).
/// Returns the functions that were recursive.
fn eliminate_tail_recursion(
    module: &Module,
    entry: FunctionValue,
    tm: &TargetMachine,
    file: &str,
) -> Result<Vec<String>> {
    const PASSES: &str = "function(sroa,mem2reg,simplifycfg,tailcallelim)";
    let cycles = super::recursion::recursive_cycles(module);
    if cycles.is_empty() {
        return Ok(Vec::new());
    }
    let mut recursive: Vec<String> = cycles.iter().flatten().map(|f| llvm::name(*f)).collect();
    recursive.sort();
    // Mutual recursion (`even` calls `odd` calls `even`): every function of
    // a cycle but one (the entry, if it is in the cycle) is inlined into the
    // others first, so that one calls itself, as the pass needs.
    let ctx = module.get_context();
    let always = ctx.create_enum_attribute(Attribute::get_named_enum_kind_id("alwaysinline"), 0);
    let mut merged = false;
    for cycle in cycles.iter().filter(|c| c.len() > 1) {
        let head = cycle.iter().position(|f| *f == entry.as_value_ref()).unwrap_or(0);
        for f in cycle.iter().take(head).chain(cycle.iter().skip(head + 1)) {
            if let Some(f) = module.get_function(&llvm::name(*f)) {
                remove_fn_attr(f, "noinline");
                remove_fn_attr(f, "optnone");
                f.add_attribute(AttributeLoc::Function, always);
                merged = true;
            }
        }
    }
    if merged {
        run(module, tm, "always-inline", file)?;
    }
    let trial = module.clone();
    run(&trial, tm, PASSES, file)?;
    let left: std::collections::HashSet<String> =
        super::recursion::recursive_cycles(&trial).into_iter().flatten().map(llvm::name).collect();
    drop(trial);
    let keep = ["optnone", "noinline"].map(|a| ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(a), 0));
    for f in module.get_functions().filter(|f| left.contains(&f.get_name().to_string_lossy().into_owned())) {
        for a in keep {
            f.add_attribute(AttributeLoc::Function, a);
        }
    }
    run(module, tm, PASSES, file)?;
    Ok(recursive)
}

/// Runs steps 1–6 on `module` in place.
/// What becomes of the recursion `tailcallelim` leaves (`recursion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recursion {
    /// Copied to a depth bound.
    Bound,
    /// Calls of the cycles' functions become summary calls
    /// (`recursion::summarize`); `Procedure` when the entry is one of them,
    /// whose globals are then not promoted (a promoted global would start
    /// afresh at every call).
    Summarize,
    Procedure,
}

pub fn normalize(module: &Module, file: &str, opts: &FrontendOptions, recursion: Recursion) -> Result<Normalized> {
    let entry = match module.get_function(&opts.entry) {
        Some(f) if f.count_basic_blocks() > 0 => f,
        _ => {
            return Err(Error::NoEntry { file: file.to_string(), entry: opts.entry.clone() });
        }
    };
    let ctx = module.get_context();
    let always = ctx.create_enum_attribute(Attribute::get_named_enum_kind_id("alwaysinline"), 0);
    let no_vectors = ctx.create_enum_attribute(Attribute::get_named_enum_kind_id("noimplicitfloat"), 0);
    let hazard = module.get_functions().find_map(|f| inlined_error_hazard(f.as_value_ref()));
    super::indirect_calls::resolve(module);
    let tm = target_machine(module)?;
    let recursive = eliminate_tail_recursion(module, entry, &tm, file)?;
    let (bounded, summarized) = match recursion {
        Recursion::Bound => (super::recursion::bound(module, opts.recursion_budget), Vec::new()),
        Recursion::Summarize | Recursion::Procedure => (None, super::recursion::summarize(module)),
    };
    for f in module.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        if f.count_basic_blocks() == 0 {
            continue;
        }
        if is_opaque_builtin(&name) {
            for bb in f.get_basic_blocks() {
                // Deleting every block turns the function into a declaration.
                let _ = unsafe { bb.delete() };
            }
            f.set_linkage(Linkage::External);
            continue;
        }
        for a in ["noinline", "optnone"] {
            remove_fn_attr(f, a);
        }
        forget_forward_progress(f);
        f.add_attribute(AttributeLoc::Function, no_vectors);
        if f != entry {
            // (a late model is kept, external, until `redirect_late` calls it)
            if !super::models::is_late(&name) {
                f.set_linkage(Linkage::Internal);
            }
            f.add_attribute(AttributeLoc::Function, always);
        }
    }
    for g in module.get_globals() {
        if g.get_initializer().is_some() {
            g.set_linkage(Linkage::Internal);
        }
    }
    run(module, &tm, "always-inline,globaldce", file)?;
    check_no_calls_left(module, entry, file)?;
    let mut checks = count_checks(entry, opts.property);
    inputs::model_inputs(module, entry, opts);
    // (after the inputs' stores are written, before `mem2reg` and the
    // optimizer: `memsafety`)
    if opts.property.memsafety {
        super::memsafety::instrument(module);
        checks = count_checks(entry, opts.property);
    }
    if recursion != Recursion::Procedure {
        promote_globals(module, entry);
    }
    run(module, &tm, "function(sroa,mem2reg)", file)?;
    // (the scopes of the locals left in memory, where the inliner marked them)
    if opts.property.memsafety {
        super::memsafety::keep_lifetimes(module);
    }
    if opts.entry == "main" {
        inputs::model_argv(module, entry);
    }
    if inputs::redirect_late(module, entry) {
        // (and the locals whose address only the call took, `strtol`'s end)
        run(module, &tm, "always-inline,globaldce,function(sroa,mem2reg)", file)?;
        check_no_calls_left(module, entry, file)?;
        if opts.property.memsafety {
            super::memsafety::keep_lifetimes(module);
        }
    }
    let pipeline = match opts.opt {
        OptLevel::O0 => None,
        OptLevel::O1 => Some("default<O1>"),
        OptLevel::O2 => Some("default<O2>"),
        OptLevel::O3 => Some("default<O3>"),
        OptLevel::Os => Some("default<Os>"),
    };
    if let Some(p) = pipeline {
        disable_runtime_unrolling(entry);
        run(module, &tm, p, file)?;
        // The optimizer may infer forward-progress attributes; they carry no
        // meaning for the translation, but keep the module as described above.
        remove_fn_attr(entry, "mustprogress");
    }
    Ok(Normalized { hazard, checks, bounded, recursive, summarized })
}

/// The kinds of checks (error calls under `property`, `__VERIFIER_assert` calls) in `entry`.
fn count_checks(entry: FunctionValue, property: super::Properties) -> Vec<String> {
    let mut kinds = std::collections::BTreeSet::new();
    for bb in llvm::blocks(entry.as_value_ref()) {
        for inst in llvm::instructions(bb) {
            if llvm::opcode(inst) != LLVMOpcode::LLVMCall {
                continue;
            }
            let callee = llvm::called_value(inst);
            if llvm::is_function(callee) {
                kinds.extend(check_kind(&llvm::name(callee), inst, property));
            }
        }
    }
    kinds.into_iter().collect()
}

/// After inlining, a call from the entry function to a function with a body can
/// only be recursion (or a call the inliner refused): UNKNOWN.
fn check_no_calls_left(module: &Module, entry: FunctionValue, file: &str) -> Result<()> {
    let _ = module;
    for bb in llvm::blocks(entry.as_value_ref()) {
        for inst in llvm::instructions(bb) {
            if llvm::opcode(inst) != LLVMOpcode::LLVMCall {
                continue;
            }
            let callee = llvm::called_value(inst);
            if llvm::is_function(callee) && !llvm::is_declaration(callee) {
                let name = llvm::name(callee);
                return Err(Error::unsupported(
                    file,
                    Some(llvm::debug_loc(inst, file)),
                    format!("recursion: call to '{name}' cannot be inlined"),
                ));
            }
        }
    }
    Ok(())
}

/// Step 6's other change to LLVM's pipeline: every loop of `entry` (the
/// target of a retreating edge of a depth-first search from its first block;
/// everything else is inlined) gets loop metadata
/// `llvm.loop.unroll.runtime.disable`, which LLVM's loop unroller respects as
/// it respects `#pragma clang loop`. A loop whose trip count is known only at
/// run time would otherwise be unrolled by four with a remainder loop (x86's
/// default at -O2): two loops to prove instead of one, and the stride-one
/// invariant (`∀k < i. a[k] = 2k`, `2*i == n`) split between a loop stepping
/// by four and its remainder, which neither Spacer nor the domains recover
/// (`llvm-tests/memory/array_fill_safe.c`, SV-COMP's `loop-new/half`). Full
/// unrolling of constant trip counts, and everything else, stays as it was.
fn disable_runtime_unrolling(entry: FunctionValue) {
    let f = entry.as_value_ref();
    let blocks = llvm::blocks(f);
    let Some(&first) = blocks.first() else { return };
    let mut latches = Vec::new();
    // 0: not seen; 1: on the search's stack; 2: done.
    let mut state: std::collections::HashMap<_, u8> = blocks.iter().map(|b| (*b, 0)).collect();
    let mut stack = vec![(first, 0usize)];
    state.insert(first, 1);
    while let Some((bb, next)) = stack.pop() {
        let term = unsafe { LLVMGetBasicBlockTerminator(bb) };
        let succs = if term.is_null() { Vec::new() } else { llvm::successors(term) };
        let Some(&s) = succs.get(next) else {
            state.insert(bb, 2);
            continue;
        };
        stack.push((bb, next + 1));
        match state.get(&s).copied().unwrap_or(2) {
            0 => {
                state.insert(s, 1);
                stack.push((s, 0));
            }
            1 if !latches.contains(&term) => latches.push(term),
            _ => {}
        }
    }
    llvm::add_loop_property(&latches, "llvm.loop.unroll.runtime.disable");
}

/// Step 5: scalar globals used only by loads/stores in `entry` become allocas.
fn promote_globals(module: &Module, entry: FunctionValue) {
    let entry_ref = entry.as_value_ref();
    let Some(first_bb) = entry.get_first_basic_block() else {
        return;
    };
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module.as_mut_ptr()));
        for g in module.get_globals() {
            let gv = g.as_value_ref();
            let Some(init) = g.get_initializer() else {
                continue;
            };
            let vt = LLVMGlobalGetValueType(gv);
            if !matches!(llvm::ty(vt), llvm::Ty::Int(b) if b <= llvm::MAX_INT_BITS) {
                continue;
            }
            if !only_loads_and_stores_in(gv, entry_ref) {
                continue;
            }
            let first = LLVMGetFirstInstruction(first_bb.as_mut_ptr());
            if first.is_null() {
                continue;
            }
            LLVMPositionBuilderBefore(builder, first);
            let name = std::ffi::CString::new(format!("{}.promoted", llvm::name(gv))).unwrap_or_default();
            let slot = LLVMBuildAlloca(builder, vt, name.as_ptr());
            LLVMReplaceAllUsesWith(gv, slot);
            LLVMBuildStore(builder, init.as_value_ref(), slot);
        }
        LLVMDisposeBuilder(builder);
    }
}

fn only_loads_and_stores_in(gv: llvm::Value, f: llvm::Value) -> bool {
    unsafe {
        let mut u = LLVMGetFirstUse(gv);
        if u.is_null() {
            return false;
        }
        while !u.is_null() {
            let user = LLVMGetUser(u);
            if !llvm::is_instruction(user) {
                return false;
            }
            let parent = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
            if parent != f {
                return false;
            }
            match llvm::opcode(user) {
                LLVMOpcode::LLVMLoad => {}
                LLVMOpcode::LLVMStore => {
                    if llvm::operand(user, 0) == gv {
                        return false; // the address itself is stored: it escapes
                    }
                }
                _ => return false,
            }
            u = LLVMGetNextUse(u);
        }
        true
    }
}
