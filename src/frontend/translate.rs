//! Step 4 of the pipeline: translate the normalized entry function into the
//! program model (DESIGN.md "Program model", "Builtins", "Memory").
//!
//! One location per basic block plus the error location (and two per range
//! loop, below). An edge's body is the source block's instructions, the branch
//! condition for this successor, then the target's phi assignments for this
//! predecessor (one `Parallel` statement). Every instruction with an integer
//! result is translated: exactly where the program model can express it,
//! otherwise as a fresh value (`Havoc`) that is counted in
//! [`TranslationStats`] — never skipped, since a skipped instruction would
//! freeze a value and could hide a bug.
//!
//! Memory (the regions of `regions.rs`, laid out by `memory.rs`): a pointer
//! into a modelled region is an integer address in cells, a load a `Select`
//! and a store a `Store` on the region's array variable; loads and stores of
//! unmodelled regions are fresh values and dropped writes (counted).
//! `memset`/`memcpy`/`memmove` of a constant length write each cell; of a
//! run-time length, and `calloc`'s zeroes, they are a loop of the model over
//! the cells (`range_loop`: the block's later edges leave from the loop's
//! exit); what the model cannot write exactly havocs the destination.

use super::builtins::{ends_path, error_call, is_opaque_builtin, is_trap_intrinsic, quiet_external};
use super::debug_vars;
use super::floats;
use super::inputs::{self, InputCall};
use super::llvm::{self, Ty, Value};
use super::memory::{Cell, Gep, Layout};
use super::memsafety::{
    self, DOUBLE_FREE, INVALID_FREE, MEMORY_LEAK, MEMORY_NOT_FREED, NULL_DEREF, OUT_OF_BOUNDS, USE_AFTER_FREE,
};
use super::models::ANY_INT;
use super::FrontendOptions;
use crate::cfg::liveness;
use crate::error::{Error, Result, SrcLoc};
use crate::ir::*;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::prelude::LLVMBasicBlockRef;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};
use std::collections::{BTreeSet, HashMap, HashSet};

struct Tx<'a> {
    file: &'a str,
    opts: &'a FrontendOptions,
    /// `main`'s `argv`, if the entry is `main` and has one.
    argv: Option<Value>,
    vars: Vec<Var>,
    used_names: HashSet<String>,
    val2var: HashMap<Value, VarId>,
    src_names: HashMap<Value, String>,
    /// The values debug info gives the parameters of inlined calls: per
    /// call (its call sites), (parameter number, name, value) in block
    /// order (read with the source names; [`Tx::call_args`]).
    param_values: Vec<(Vec<SrcLoc>, Vec<ParamValue>)>,
    /// Per inlined call (its call sites), the value it returned
    /// (`call_results`).
    results: HashMap<Vec<SrcLoc>, Value>,
    overflow_calls: HashMap<Value, (BinOp, bool, u32)>,
    block_loc: HashMap<LLVMBasicBlockRef, LocId>,
    edges: Vec<Edge>,
    error: LocId,
    stats: TranslationStats,
    warned: BTreeSet<String>,
    warnings: Vec<String>,
    /// Modelled memory: the layout, and the variables of each region (one
    /// per field; none if it is not modelled).
    mem: Layout,
    mem_vars: Vec<Vec<VarId>>,
    /// The first address above every heap block so far, in regions whose
    /// blocks are kept apart by their order ([`Layout::ordered_heap`]).
    heap_top: Option<VarId>,
    /// The real addresses of sites of constant bases whose address becomes an integer.
    real_bases: Vec<(Value, VarId)>,
    /// Locations of no block (the loops of [`Tx::range_loop`]), numbered
    /// after the error location.
    extra_locs: Vec<Location>,
    /// Where the block being translated goes on from: its own location, or
    /// the exit of its last range loop.
    cur_loc: LocId,
    /// The instruction being translated (its inlined calls go with the edges it ends).
    cur_inst: Option<Value>,
    /// For a procedure's program (`ir::procedures`): the exit location every
    /// `ret` goes to, and the variable its value is assigned to.
    exit: Option<(LocId, Option<VarId>)>,
    /// A construct a procedure's summary cannot take (a pointer argument or
    /// result), if any: the procedure is not built.
    not_summarizable: Option<String>,
    /// The program sets the rounding mode (`fesetround`, `fesetenv`,
    /// `feupdateenv`): floating-point results that depend on it are not
    /// computed exactly (`float_op`), only their facts kept.
    rounding_mode_set: bool,
    /// Under `memsafety`: the ghost flags of allocating calls and scoped
    /// locals ([`Ghost`]), in the order they were made.
    ghosts: Vec<(Ghost, Value, VarId)>,
    /// Under `memsafety`: why SAFE cannot be claimed (an access whose object
    /// the model does not know), if so.
    unchecked: Option<String>,
    /// The lengths of the command-line arguments (`inputs::model_argv`), by
    /// index: the sizes of their strings under `memsafety`.
    argv_lengths: HashMap<usize, Expr>,
}

/// A ghost flag of `memsafety`'s checks (`memsafety.rs`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ghost {
    /// Of an allocating call: its block was freed.
    Freed,
    /// Of an allocating call: its block is allocated and not freed (false
    /// at the entry; the leak check where the program ends).
    Live,
    /// Of a local whose lifetime is marked: it is out of its scope.
    Dead,
    /// Of an allocating call: the size of its block in bytes (a `ptr_bits`
    /// integer; its accesses through pointers read from memory are checked
    /// by address against it, `Tx::access_by_value`).
    Size,
}

/// A parameter of an inlined call as debug info describes it: its number
/// (from 1), its name and its value.
type ParamValue = (u32, String, Value);

enum Flow {
    Continue,
    End,
}

pub fn translate(module: &Module, file: &str, opts: &FrontendOptions) -> Result<Program> {
    translate_function(module, file, opts, false).map(|(p, _)| p)
}

/// The entry function whose calls of procedures are summary calls
/// (`ir::procedures`); `Ok(Err(why))` if a call passes or returns what a
/// summary cannot take (a pointer).
pub fn translate_with_summaries(
    module: &Module,
    file: &str,
    opts: &FrontendOptions,
) -> Result<std::result::Result<Program, String>> {
    let (p, info) = translate_function(module, file, opts, false)?;
    Ok(match info.why {
        Some(why) => Err(why),
        None => Ok(p),
    })
}

/// The entry function of `opts` as a procedure (`ir::procedures`): its
/// `ret`s go to one exit location that assigns the result, and its
/// parameters are in scope everywhere after the first edge. `Ok(Err(why))`
/// if it cannot be one (a parameter or result that is not an integer,
/// memory).
pub fn translate_procedure(
    module: &Module,
    file: &str,
    opts: &FrontendOptions,
) -> Result<std::result::Result<crate::ir::procedures::Procedure, String>> {
    let (mut p, info) = translate_function(module, file, opts, true)?;
    if let Some(why) = info.why {
        return Ok(Err(why));
    }
    let Some((exit, ret)) = info.exit else { return Ok(Err("no exit".into())) };
    if p.has_regions() {
        return Ok(Err(format!("'{}' reads or writes memory", opts.entry)));
    }
    let params = info.params;
    // the parameters (SSA values, assigned once by the first edge) are in
    // scope at every location after it, the result at the exit
    for loc in p.loc_ids().filter(|l| *l != p.entry || params.is_empty()) {
        let live = &mut p.locs[loc.0 as usize].live;
        live.extend(params.iter().copied());
        if loc == exit {
            live.extend(ret);
        }
        live.sort_unstable();
        live.dedup();
    }
    Ok(Ok(crate::ir::procedures::Procedure { program: p, params, ret, exit }))
}

/// What the translation tells of a procedure (or of summary calls): the
/// exit and the result's variable, the parameters' variables, and why no
/// summary can stand for it (if so).
struct Summarizable {
    exit: Option<(LocId, Option<VarId>)>,
    params: Vec<VarId>,
    why: Option<String>,
}

fn translate_function(
    module: &Module,
    file: &str,
    opts: &FrontendOptions,
    procedure: bool,
) -> Result<(Program, Summarizable)> {
    let entry = opts.entry.as_str();
    let f = module
        .get_function(entry)
        .ok_or_else(|| Error::NoEntry { file: file.to_string(), entry: entry.to_string() })?;
    let fv = f.as_value_ref();
    let blocks = llvm::blocks(fv);
    let argv = (entry == "main" && unsafe { llvm_sys::core::LLVMCountParams(fv) } >= 2)
        .then(|| unsafe { llvm_sys::core::LLVMGetParam(fv, 1) });
    let ptr_bits = 8 * unsafe {
        llvm_sys::target::LLVMPointerSize(llvm_sys::target::LLVMGetModuleDataLayout(module.as_mut_ptr()))
    };
    let mem = Layout::new(fv, ptr_bits);
    let mut tx = Tx {
        file,
        opts,
        argv,
        vars: Vec::new(),
        used_names: HashSet::new(),
        val2var: HashMap::new(),
        src_names: HashMap::new(),
        param_values: Vec::new(),
        results: HashMap::new(),
        overflow_calls: HashMap::new(),
        block_loc: HashMap::new(),
        edges: Vec::new(),
        error: LocId(blocks.len() as u32),
        stats: TranslationStats::default(),
        warned: BTreeSet::new(),
        warnings: Vec::new(),
        mem,
        mem_vars: Vec::new(),
        heap_top: None,
        real_bases: Vec::new(),
        extra_locs: Vec::new(),
        cur_loc: LocId(0),
        cur_inst: None,
        exit: None,
        not_summarizable: None,
        ghosts: Vec::new(),
        unchecked: None,
        argv_lengths: HashMap::new(),
        rounding_mode_set: ["fesetround", "fesetenv", "feupdateenv"].iter().any(|f| module.get_function(f).is_some()),
    };
    tx.declare_regions();
    let mut locs = Vec::new();
    let mut loop_starts = llvm::loop_starts(&blocks, file);
    for (i, bb) in blocks.iter().enumerate() {
        tx.block_loc.insert(*bb, LocId(i as u32));
        let name = llvm::block_name(*bb);
        let name = if name.is_empty() { format!("bb{i}") } else { name };
        let src = llvm::instructions(*bb)
            .into_iter()
            .map(|i| llvm::debug_loc(i, file))
            .find(SrcLoc::is_known)
            .unwrap_or_else(|| SrcLoc { file: file.to_string(), line: 0, col: 0 });
        let loop_start = loop_starts.remove(bb);
        locs.push(Location { name, src, live: Vec::new(), src_vars: Vec::new(), loop_start });
    }
    locs.push(Location { name: "ERROR".into(), ..Default::default() });
    tx.collect_debug_names(&blocks);
    let params = tx.declare_vars(fv, &blocks)?;
    if procedure {
        let ret = match llvm::return_ty(fv) {
            Ty::Void => None,
            Ty::Int(b) if b <= llvm::MAX_INT_BITS => {
                let sort = if b == 1 { Sort::Bool } else { Sort::Int { bits: b } };
                Some(tx.new_var(&format!("{entry}.result"), sort, None))
            }
            _ => {
                tx.not_summarizable = Some(format!("'{entry}' returns what is not an integer"));
                None
            }
        };
        let exit = LocId(blocks.len() as u32 + 1);
        tx.extra_locs.push(Location { name: format!("{entry}.return"), ..Default::default() });
        tx.exit = Some((exit, ret));
        if params.iter().any(|(v, _)| v.is_none()) {
            tx.not_summarizable = Some(format!("a parameter of '{entry}' is not an integer"));
        }
    }
    for bb in &blocks {
        tx.block(*bb)?;
    }
    let call_args = tx.call_args();
    for (loc, vars) in locs.iter_mut().zip(debug_vars::at_block_entries(&blocks)) {
        loc.src_vars = vars.into_iter().filter_map(|(n, v)| Some((*tx.val2var.get(&v)?, n))).collect();
    }
    locs.append(&mut tx.extra_locs);
    let mut entry_loc = LocId(0);
    let at = locs[0].src.clone();
    let body: Vec<Stmt> = if entry == "main" {
        // argc is an input: at least 1 (the program's name), unbounded above
        // (never an under-approximation); the replay passes argc - 1 arguments.
        params
            .first()
            .and_then(|(v, _)| *v)
            .filter(|v| matches!(tx.vars[v.0 as usize].sort, Sort::Int { .. }))
            // an argc the program never reads is no input worth reporting
            .filter(|_| !unsafe { llvm_sys::core::LLVMGetFirstUse(llvm_sys::core::LLVMGetParam(fv, 0)) }.is_null())
            .map(|v| {
                let source = InputSource::Argc;
                let sort = tx.vars[v.0 as usize].sort;
                vec![
                    Stmt::Havoc(v, HavocKind::Nondet { func: "argc".into(), source }, at.clone()),
                    Stmt::Assume(compare(CmpPred::Sge, v, sort, 1)),
                ]
            })
            .unwrap_or_default()
    } else {
        // The parameters of a non-`main` entry are inputs: a first edge havocs
        // them so that a trace carries their values (replay passes them).
        let func = format!("argument of {entry}");
        params
            .iter()
            .filter_map(|(v, _)| *v)
            .map(|v| Stmt::Havoc(v, HavocKind::Nondet { func: func.clone(), source: InputSource::Nondet }, at.clone()))
            .collect()
    };
    let mut body = body;
    body.extend(tx.initial_memory(&at));
    let escaped = tx.mem.escaped_function();
    if !body.is_empty() {
        entry_loc = LocId(locs.len() as u32);
        locs.push(Location { name: "entry.arguments".into(), src: at.clone(), ..Default::default() });
        tx.edges.push(Edge { src: entry_loc, dst: LocId(0), body, src_loc: at, failure: None, calls: Vec::new() });
    }
    let mut prog = Program {
        file: file.to_string(),
        function: entry.to_string(),
        vars: tx.vars,
        locs,
        edges: tx.edges,
        entry: entry_loc,
        error: tx.error,
        stats: tx.stats,
        warnings: tx.warnings,
        entry_params: params.iter().map(|(_, b)| *b).collect(),
        functions: Vec::new(),
        safe_blocked: escaped.or(tx.unchecked.take()),
        source_dirs: source_dirs(&blocks, file),
        checks: Vec::new(),
        producer: None,
        recursive: Vec::new(),
        recursion_depth: None,
        ir_instructions: Default::default(),
        relaxed: Vec::new(),
        call_args,
        executable: None,
        procedures: None,
    };
    liveness::annotate(&mut prog);
    let info = Summarizable {
        exit: tx.exit,
        params: params.iter().filter_map(|(v, _)| *v).collect(),
        why: tx.not_summarizable.take(),
    };
    Ok((prog, info))
}

/// `v pred value` for an integer variable `v` of `sort` (a Boolean compares as 1 bit).
fn compare(pred: CmpPred, v: VarId, sort: Sort, value: i128) -> Expr {
    let bits = sort.width();
    Expr::Cmp { pred, bits, a: Box::new(Expr::Var(v, sort)), b: Box::new(Expr::Int { value, bits }) }
}

/// Where each source file named by the debug info was compiled.
fn source_dirs(blocks: &[LLVMBasicBlockRef], file: &str) -> std::collections::BTreeMap<String, String> {
    let mut dirs = std::collections::BTreeMap::new();
    for bb in blocks {
        for inst in llvm::instructions(*bb) {
            if let Some(dir) = llvm::debug_dir(inst) {
                dirs.entry(llvm::debug_loc(inst, file).file).or_insert(dir);
            }
        }
    }
    dirs
}

impl Tx<'_> {
    fn loc_of(&self, inst: Value) -> SrcLoc {
        llvm::debug_loc(inst, self.file)
    }

    /// The inlined calls the instruction being translated is in.
    fn calls(&self) -> Vec<SrcLoc> {
        self.cur_inst.map(|i| llvm::inlined_calls(i, self.file)).unwrap_or_default()
    }

    fn unsupported(&self, inst: Value, msg: impl Into<String>) -> Error {
        Error::unsupported(self.file, Some(self.loc_of(inst)), msg)
    }

    fn collect_debug_names(&mut self, blocks: &[LLVMBasicBlockRef]) {
        // each variable's parameter number, read once (from its printed metadata)
        let mut numbers: HashMap<Value, Option<u32>> = HashMap::new();
        let mut calls_at: HashMap<Vec<SrcLoc>, usize> = HashMap::new();
        for bb in blocks {
            for inst in llvm::instructions(*bb) {
                let Some(llvm::DbgValue { var, value: Some(v), name }) = llvm::dbg_value(inst) else { continue };
                let mut calls = llvm::inlined_calls(inst, self.file);
                if name == super::call_results::RESULT_VAR {
                    // (at the call's position in its caller: the callee's frame)
                    calls.push(llvm::debug_loc(inst, self.file));
                    self.results.entry(calls).or_insert(v);
                    continue;
                }
                let number = match calls.is_empty() {
                    true => None,
                    false => *numbers.entry(var).or_insert_with(|| llvm::parameter_number(var)),
                };
                if let Some(n) = number {
                    let i = *calls_at.entry(calls.clone()).or_insert_with(|| {
                        self.param_values.push((calls, Vec::new()));
                        self.param_values.len() - 1
                    });
                    self.param_values[i].1.push((n, name.clone(), v));
                }
                self.src_names.entry(v).or_insert(name);
            }
        }
    }

    /// The arguments of each inlined call whose parameters debug info names
    /// (inlining describes the parameters where the call was), in parameter
    /// order: a variable of the model or a constant.
    fn call_args(&self) -> Vec<CallArgs> {
        let value = |v: &Value| match (self.val2var.get(v), llvm::constant_int(*v)) {
            (Some(x), _) => Some(ArgValue::Var(*x)),
            (None, Some(c)) => Some(ArgValue::Const(c)),
            _ => None,
        };
        let mut out: Vec<CallArgs> = self
            .param_values
            .iter()
            .map(|(calls, params)| {
                // per parameter, the first value the model has
                let mut args: Vec<(u32, String, ArgValue)> = Vec::new();
                for (n, name, v) in params {
                    let Some(arg) = value(v) else { continue };
                    if !args.iter().any(|(k, _, _)| k == n) {
                        args.push((*n, name.clone(), arg));
                    }
                }
                args.sort_by_key(|(n, _, _)| *n);
                let args = args.into_iter().map(|(_, name, a)| (name, a)).collect();
                CallArgs { calls: calls.clone(), args, result: self.results.get(calls).and_then(value) }
            })
            .collect();
        // calls whose parameters debug info does not name, with a result
        for (calls, v) in &self.results {
            if !out.iter().any(|c| &c.calls == calls) {
                if let Some(result) = value(v) {
                    out.push(CallArgs { calls: calls.clone(), args: Vec::new(), result: Some(result) });
                }
            }
        }
        out.sort_by(|a, b| a.calls.cmp(&b.calls));
        out
    }

    fn new_var(&mut self, base: &str, sort: Sort, src_name: Option<String>) -> VarId {
        let base = if base.is_empty() { "t" } else { base };
        let mut name = base.to_string();
        let mut k = 1;
        while self.used_names.contains(&name) {
            name = format!("{base}.{k}");
            k += 1;
        }
        self.used_names.insert(name.clone());
        self.vars.push(Var { name, sort, src_name, float: None });
        VarId(self.vars.len() as u32 - 1)
    }

    fn sort_of(&self, v: Value, at: Value) -> Result<Option<Sort>> {
        match llvm::value_ty(v) {
            Ty::Int(1) => Ok(Some(Sort::Bool)),
            Ty::Int(b) if b <= llvm::MAX_INT_BITS => Ok(Some(Sort::Int { bits: b })),
            Ty::Int(b) => {
                Err(self
                    .unsupported(at, format!("{b}-bit integers (at most {} bits are supported)", llvm::MAX_INT_BITS)))
            }
            // (a float is its IEEE-754 bits; its operations are havocked)
            _ if unsupported_float(llvm::type_of(v)) => {
                Err(self.unsupported(at, "floating-point vectors and aggregates"))
            }
            Ty::Float => Ok(llvm::float_bits(llvm::type_of(v)).map(|bits| Sort::Int { bits })),
            _ => Ok(None),
        }
    }

    /// Declares variables for the parameters and integer-valued instructions;
    /// returns each parameter's variable and bit width (0 if not an integer).
    fn declare_vars(&mut self, f: Value, blocks: &[LLVMBasicBlockRef]) -> Result<Vec<(Option<VarId>, u32)>> {
        let mut params = Vec::new();
        let n = unsafe { llvm_sys::core::LLVMCountParams(f) };
        for i in 0..n {
            let p = unsafe { llvm_sys::core::LLVMGetParam(f, i) };
            let bits = match llvm::value_ty(p) {
                Ty::Int(b) => b,
                _ => 0,
            };
            match self.sort_of(p, f)? {
                Some(sort) => {
                    let src = self.src_names.get(&p).cloned();
                    let v = self.new_var(&llvm::name(p), sort, src);
                    self.vars[v.0 as usize].float = llvm::float_format(llvm::type_of(p));
                    self.val2var.insert(p, v);
                    params.push((Some(v), bits));
                }
                None => params.push((None, 0)),
            }
        }
        for bb in blocks {
            for inst in llvm::instructions(*bb) {
                for i in 0..llvm::num_operands(inst) {
                    let o = llvm::operand(inst, i);
                    if !o.is_null() && unsupported_float(llvm::type_of(o)) {
                        return Err(self.unsupported(inst, "floating-point vectors and aggregates"));
                    }
                }
                if let Some(sort) = self.sort_of(inst, inst)? {
                    let src = self.src_names.get(&inst).cloned();
                    let v = self.new_var(&llvm::name(inst), sort, src);
                    self.vars[v.0 as usize].float = llvm::float_format(llvm::type_of(inst));
                    self.val2var.insert(inst, v);
                } else if llvm::value_ty(inst) == Ty::Pointer
                    && (self.mem.region(inst).is_some()
                        || self.mem.points_to_functions(inst)
                        || (self.opts.property.tracks_heap() && self.heap_only(inst))
                        || (llvm::opcode(inst) == LLVMOpcode::LLVMLoad
                            && self.mem.field(llvm::operand(inst, 0), self.mem.ptr_bits).is_some()))
                {
                    // an address in a modelled region, a function pointer,
                    // a pointer that modelled memory holds (null or not:
                    // the value stored), or a pointer to heap blocks only,
                    // whose flags are followed (`memsafety`, `memcleanup`:
                    // null or not; `free` goes by its value)
                    let src = self.src_names.get(&inst).cloned();
                    let v = self.new_var(&llvm::name(inst), Sort::Int { bits: self.mem.ptr_bits }, src);
                    self.val2var.insert(inst, v);
                }
                if llvm::opcode(inst) == LLVMOpcode::LLVMCall {
                    self.note_overflow_call(inst);
                }
                if self.opts.property.tracks_heap() && super::memory::is_heap_site(inst) {
                    // (every block's flag before any end of the program is translated)
                    self.ghost(Ghost::Live, inst);
                }
            }
        }
        Ok(params)
    }

    /// Records a call to `llvm.*.with.overflow` so that `extractvalue`s of its
    /// result, in whatever block, are translated exactly.
    fn note_overflow_call(&mut self, inst: Value) {
        let callee = llvm::called_value(inst);
        if !llvm::is_function(callee) {
            return;
        }
        let name = llvm::name(callee);
        if !name.contains(".with.overflow.") {
            return;
        }
        let op = name.trim_start_matches("llvm.").split('.').next().unwrap_or("");
        let bop = match op {
            "sadd" | "uadd" => BinOp::Add,
            "ssub" | "usub" => BinOp::Sub,
            "smul" | "umul" => BinOp::Mul,
            _ => return,
        };
        if let Ty::Int(bits) = llvm::value_ty(llvm::operand(inst, 0)) {
            self.overflow_calls.insert(inst, (bop, op.starts_with('s'), bits));
        }
    }

    fn havoc(&mut self, body: &mut Vec<Stmt>, sort: Sort, why: &str, at: SrcLoc) -> Expr {
        let v = self.new_var("havoc", sort, None);
        body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: why.to_string() }, at));
        Expr::Var(v, sort)
    }

    /// The expression for an integer/boolean operand; `None` for other types.
    fn opnd(&mut self, v: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let sort = match llvm::value_ty(v) {
            Ty::Int(1) => Sort::Bool,
            Ty::Int(b) if b <= llvm::MAX_INT_BITS => Sort::Int { bits: b },
            Ty::Pointer => return self.address(v, body, at),
            Ty::Float => Sort::Int { bits: llvm::float_bits(llvm::type_of(v))? },
            _ => return None,
        };
        if let Some(var) = self.val2var.get(&v) {
            return Some(Expr::Var(*var, sort));
        }
        if let Some(c) = llvm::const_float_bits(v) {
            return Some(Expr::Int { value: c, bits: sort.width() });
        }
        if llvm::is_nan_constant(v) {
            // a NaN, its payload not read: any NaN
            let x = self.havoc(body, sort, "a NaN constant", at.clone());
            if let Some(nan) = llvm::float_format(llvm::type_of(v)).and_then(|f| floats::is_nan(f, &x)) {
                body.push(Stmt::Assume(nan));
            }
            return Some(x);
        }
        if let Some(c) = llvm::const_int(v) {
            return Some(match sort {
                Sort::Bool => Expr::Bool(c != 0),
                Sort::Int { bits } => Expr::Int { value: c, bits },
                // (`sort` is of an integer type here)
                Sort::Num | Sort::Array { .. } => Expr::Num(c),
            });
        }
        if llvm::is_undef(v) {
            self.stats.undef_values += 1;
            return Some(self.havoc(body, sort, "undef", at.clone()));
        }
        // A constant expression over addresses (e.g. ptrtoint of a global).
        self.stats.other_havocs += 1;
        Some(self.havoc(body, sort, "constant expression", at.clone()))
    }

    fn truth(&mut self, v: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Expr {
        match self.opnd(v, body, at) {
            Some(e @ Expr::Bool(_)) => e,
            Some(e) if e.sort() == Sort::Bool => e,
            Some(e) => {
                let bits = e.sort().width();
                Expr::Cmp { pred: CmpPred::Ne, bits, a: Box::new(e), b: Box::new(Expr::Int { value: 0, bits }) }
            }
            None => {
                self.stats.other_havocs += 1;
                self.havoc(body, Sort::Bool, "non-integer condition", at.clone())
            }
        }
    }

    fn phis(&mut self, from: LLVMBasicBlockRef, to: LLVMBasicBlockRef, body: &mut Vec<Stmt>) {
        let mut assigns = Vec::new();
        for inst in llvm::instructions(to) {
            if llvm::opcode(inst) != LLVMOpcode::LLVMPHI {
                break;
            }
            let Some(var) = self.val2var.get(&inst).copied() else {
                continue;
            };
            let at = self.loc_of(inst);
            let incoming = llvm::incoming(inst).into_iter().find(|(_, b)| *b == from);
            if let Some((val, _)) = incoming {
                if let Some(e) = self.opnd(val, body, &at) {
                    assigns.push((var, e));
                }
            }
        }
        if !assigns.is_empty() {
            body.push(Stmt::Parallel(assigns));
        }
    }

    fn edge(&mut self, from: LLVMBasicBlockRef, to: LLVMBasicBlockRef, mut body: Vec<Stmt>, at: SrcLoc) {
        self.phis(from, to, &mut body);
        let (src, dst) = (self.cur_loc, self.block_loc[&to]);
        let calls = self.calls();
        self.edges.push(Edge { src, dst, body, src_loc: at, failure: None, calls });
    }

    fn error_edge(&mut self, body: Vec<Stmt>, at: SrcLoc, failure: Failure) {
        let src = self.cur_loc;
        let calls = self.calls();
        self.edges.push(Edge { src, dst: self.error, body, src_loc: at, failure: Some(failure), calls });
    }

    fn block(&mut self, bb: LLVMBasicBlockRef) -> Result<()> {
        self.cur_loc = self.block_loc[&bb];
        let mut body = Vec::new();
        for inst in llvm::instructions(bb) {
            self.cur_inst = Some(inst);
            let at = self.loc_of(inst);
            match llvm::opcode(inst) {
                LLVMOpcode::LLVMBr => {
                    let succ = llvm::successors(inst);
                    if succ.len() == 1 {
                        self.edge(bb, succ[0], body, at);
                    } else {
                        let c = self.truth(unsafe { llvm_sys::core::LLVMGetCondition(inst) }, &mut body, &at);
                        let mut t = body.clone();
                        t.push(Stmt::Assume(c.clone()));
                        self.edge(bb, succ[0], t, at.clone());
                        body.push(Stmt::Assume(Expr::negate(c)));
                        self.edge(bb, succ[1], body, at);
                    }
                    return Ok(());
                }
                LLVMOpcode::LLVMSwitch => {
                    self.switch(bb, inst, body, at);
                    return Ok(());
                }
                LLVMOpcode::LLVMRet => {
                    self.leak_checks(&body);
                    if let Some((exit, ret)) = self.exit {
                        if let (Some(r), true) = (ret, llvm::num_operands(inst) > 0) {
                            match self.opnd(llvm::operand(inst, 0), &mut body, &at) {
                                Some(e) => body.push(Stmt::Assign(r, e)),
                                None => self.not_summarizable = Some("a result that is not an integer".into()),
                            }
                        }
                        let calls = self.calls();
                        self.edges.push(Edge { src: self.cur_loc, dst: exit, body, src_loc: at, failure: None, calls });
                    }
                    return Ok(());
                }
                LLVMOpcode::LLVMUnreachable => return Ok(()),
                LLVMOpcode::LLVMIndirectBr => return Err(self.unsupported(inst, "indirect branch")),
                LLVMOpcode::LLVMInvoke
                | LLVMOpcode::LLVMCallBr
                | LLVMOpcode::LLVMResume
                | LLVMOpcode::LLVMLandingPad
                | LLVMOpcode::LLVMCatchSwitch
                | LLVMOpcode::LLVMCatchPad
                | LLVMOpcode::LLVMCatchRet
                | LLVMOpcode::LLVMCleanupPad
                | LLVMOpcode::LLVMCleanupRet => return Err(self.unsupported(inst, "exception handling")),
                LLVMOpcode::LLVMPHI => {}
                LLVMOpcode::LLVMCall => {
                    if let Flow::End = self.call(inst, &mut body, &at)? {
                        return Ok(());
                    }
                }
                _ => self.instruction(inst, &mut body, &at),
            }
        }
        Ok(())
    }

    fn switch(&mut self, bb: LLVMBasicBlockRef, inst: Value, mut body: Vec<Stmt>, at: SrcLoc) {
        let succ = llvm::successors(inst);
        let cond = llvm::operand(inst, 0);
        let Some(c) = self.opnd(cond, &mut body, &at) else {
            return;
        };
        let bits = c.sort().width();
        let eq = |value: i128| -> Expr {
            if bits == 1 {
                if value != 0 {
                    c.clone()
                } else {
                    Expr::negate(c.clone())
                }
            } else {
                Expr::Cmp { pred: CmpPred::Eq, bits, a: Box::new(c.clone()), b: Box::new(Expr::Int { value, bits }) }
            }
        };
        // Group case values by target block (operands: cond, default, v1, d1, v2, d2, ...).
        let mut targets: Vec<(LLVMBasicBlockRef, Vec<Expr>)> = Vec::new();
        let mut all = Vec::new();
        for (i, dest) in succ.iter().enumerate().skip(1) {
            let value = llvm::const_int(llvm::operand(inst, 2 * i as u32)).unwrap_or(0);
            let e = eq(value);
            all.push(e.clone());
            match targets.iter_mut().find(|(b, _)| b == dest) {
                Some((_, es)) => es.push(e),
                None => targets.push((*dest, vec![e])),
            }
        }
        for (dest, es) in targets {
            let mut b = body.clone();
            b.push(Stmt::Assume(if es.len() == 1 {
                es.into_iter().next().unwrap_or(Expr::Bool(true))
            } else {
                Expr::Or(es)
            }));
            self.edge(bb, dest, b, at.clone());
        }
        let mut b = body;
        if !all.is_empty() {
            b.push(Stmt::Assume(Expr::negate(Expr::Or(all))));
        }
        self.edge(bb, succ[0], b, at);
    }

    /// The result of a floating-point operation on `operands` (issue 50):
    /// a [`HavocKind::Float`] and the facts that hold of it
    /// ([`floats::facts`]); a plain havoc where an operand is not followed.
    fn float_op(
        &mut self,
        inst: Value,
        op: FloatOp,
        format: Option<FloatFormat>,
        operands: &[Value],
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) {
        self.stats.float_ops += 1;
        if let Some((v, sort, format, args)) = self.float_operands(inst, format, operands, body, at) {
            self.float_havoc(v, sort, op, format, args, body, at);
        }
    }

    /// The result variable, format and operand terms of a floating-point
    /// instruction; `None` (its result havocked) where the format or an
    /// operand is not followed.
    fn float_operands(
        &mut self,
        inst: Value,
        format: Option<FloatFormat>,
        operands: &[Value],
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) -> Option<(VarId, Sort, FloatFormat, Vec<Expr>)> {
        let (v, sort) = self.result(inst)?;
        let args: Option<Vec<Expr>> = operands.iter().map(|a| self.opnd(*a, body, at)).collect();
        match (format, args) {
            (Some(format), Some(args)) => Some((v, sort, format, args)),
            _ => {
                body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: "floating point".into() }, at.clone()));
                None
            }
        }
    }

    /// `v := op(args)` as a [`HavocKind::Float`] and its facts.
    #[allow(clippy::too_many_arguments)]
    fn float_havoc(
        &mut self,
        v: VarId,
        sort: Sort,
        op: FloatOp,
        format: FloatFormat,
        args: Vec<Expr>,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) {
        let facts = floats::facts(op, format, &args, &Expr::Var(v, sort));
        let kind = if self.rounding_mode_set && op.rounds() {
            // (the facts hold in every rounding mode; the exact results
            // `smt::float` encodes round to nearest, ties to even)
            if self.warned.insert("fesetround".into()) {
                self.warnings.push(
                    "the program sets the floating-point rounding mode: arithmetic results are any value \
                     with their signs, not computed exactly"
                        .into(),
                );
            }
            HavocKind::Unmodelled {
                why: format!("floating point ({}) under a rounding mode the program sets", op.name()),
            }
        } else {
            HavocKind::Float { op, format, args }
        };
        body.push(Stmt::Havoc(v, kind, at.clone()));
        body.extend(facts.into_iter().map(Stmt::Assume));
    }

    /// `llvm.fmuladd(a, b, c)`: `a * b + c` rounded once or twice, as the
    /// code generator chooses (x86-64 without FMA: twice): either result.
    fn fmuladd(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let format = llvm::float_format(llvm::type_of(inst));
        let operands: Vec<Value> = (0..3).map(|i| llvm::operand(inst, i)).collect();
        self.stats.float_ops += 1;
        let Some((v, sort, format, args)) = self.float_operands(inst, format, &operands, body, at) else { return };
        self.stats.float_ops += 2;
        let [a, b, c] = [&args[0], &args[1], &args[2]].map(Clone::clone);
        let fresh = |tx: &mut Self, name: &str| tx.new_var(name, sort, None);
        let (fused, product, separate) = (fresh(self, "fma"), fresh(self, "fmul"), fresh(self, "fadd"));
        let var = |x: VarId| Expr::Var(x, sort);
        for (x, op, args) in [
            (fused, FloatOp::Fma, vec![a.clone(), b.clone(), c.clone()]),
            (product, FloatOp::Mul, vec![a, b]),
            (separate, FloatOp::Add, vec![var(product), c]),
        ] {
            self.float_havoc(x, sort, op, format, args, body, at);
        }
        let choice = self.havoc(body, Sort::Bool, "whether llvm.fmuladd is fused", at.clone());
        body.push(Stmt::Assign(v, Expr::Ite(Box::new(choice), Box::new(var(fused)), Box::new(var(separate)))));
    }

    /// A call of a function ufo encodes exactly (`sqrt`, `floorf`,
    /// `llvm.fmin`, ...: [`floats::library`]) as its operation, in the
    /// format its name says (an intrinsic's: its result's); `false` if
    /// `name` is none of them or the call does not fit it.
    fn exact_float_call(&mut self, inst: Value, name: &str, body: &mut Vec<Stmt>, at: &SrcLoc) -> bool {
        let result = llvm::float_format(llvm::type_of(inst));
        let Some((op, named)) = floats::library(name) else { return false };
        if result.is_none() || llvm::call_arg_count(inst) as usize != op.arity() {
            return false;
        }
        let format = if name.starts_with("llvm.") { result } else { Some(named) };
        let operands: Vec<Value> = (0..op.arity() as u32).map(|i| llvm::operand(inst, i)).collect();
        self.float_op(inst, op, format, &operands, body, at);
        true
    }

    /// A `math.h` function ufo does not encode: any value of its range
    /// (or NaN), with a warning naming it.
    fn math_function(&mut self, inst: Value, name: &str, body: &mut Vec<Stmt>, at: &SrcLoc) -> bool {
        let (Some((lo, hi)), Some((v, sort))) = (floats::math_range(name), self.result(inst)) else { return false };
        let Some(format) = llvm::float_format(llvm::type_of(inst)) else { return false };
        self.stats.float_ops += 1;
        let why = format!("result of '{name}'");
        body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why }, at.clone()));
        if let Some(range) = floats::within(format, &Expr::Var(v, sort), lo, hi) {
            body.push(Stmt::Assume(range));
        }
        if self.warned.insert(name.to_string()) {
            self.warnings.push(format!(
                "math function '{name}' is modelled as any value of its range (floating point beyond sqrt, fabs, \
                 floor, ceil, round, trunc, fmin, fmax, fma, fmod)"
            ));
        }
        true
    }

    fn result(&self, inst: Value) -> Option<(VarId, Sort)> {
        self.val2var.get(&inst).map(|v| (*v, self.vars[v.0 as usize].sort))
    }

    fn assign_or_havoc(&mut self, inst: Value, e: Option<Expr>, why: &str, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let Some((v, _)) = self.result(inst) else {
            return;
        };
        match e {
            Some(e) => body.push(Stmt::Assign(v, e)),
            None => {
                self.stats.other_havocs += 1;
                body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: why.to_string() }, at.clone()))
            }
        }
    }

    fn instruction(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) {
        use LLVMOpcode::*;
        if llvm::opcode(inst) == LLVMStore {
            self.store(inst, body, at);
            return;
        }
        let Some((v, sort)) = self.result(inst) else {
            return;
        };
        let op = llvm::opcode(inst);
        let bin = match op {
            LLVMAdd => Some(BinOp::Add),
            LLVMSub => Some(BinOp::Sub),
            LLVMMul => Some(BinOp::Mul),
            LLVMSDiv => Some(BinOp::SDiv),
            LLVMUDiv => Some(BinOp::UDiv),
            LLVMSRem => Some(BinOp::SRem),
            LLVMURem => Some(BinOp::URem),
            LLVMShl => Some(BinOp::Shl),
            LLVMLShr => Some(BinOp::LShr),
            LLVMAShr => Some(BinOp::AShr),
            LLVMAnd => Some(BinOp::And),
            // `or disjoint` (clang 18+ writes `x * 2 + b` so) is an exact add.
            LLVMOr if llvm::is_disjoint_or(inst) => Some(BinOp::Add),
            LLVMOr => Some(BinOp::Or),
            LLVMXor => Some(BinOp::Xor),
            _ => None,
        };
        if op == LLVMSub {
            if let Some(e) = self.pointer_difference(inst, sort, body, at) {
                body.push(Stmt::Assign(v, e));
                return;
            }
        }
        if let Some(bop) = bin {
            let a = self.opnd(llvm::operand(inst, 0), body, at);
            let b = self.opnd(llvm::operand(inst, 1), body, at);
            let e = match (a, b, sort) {
                (Some(a), Some(b), Sort::Bool) => match bop {
                    BinOp::And | BinOp::Mul => Some(Expr::And(vec![a, b])),
                    BinOp::Or => Some(Expr::Or(vec![a, b])),
                    BinOp::Xor | BinOp::Add | BinOp::Sub => Some(Expr::Xor(Box::new(a), Box::new(b))),
                    _ => None,
                },
                (Some(a), Some(b), Sort::Int { bits }) => {
                    let flagged = matches!(bop, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl);
                    let (nsw, nuw) = if flagged { llvm::wrap_flags(inst) } else { (false, false) };
                    Some(Expr::Bin { op: bop, bits, nsw, nuw, a: Box::new(a), b: Box::new(b) })
                }
                _ => None,
            };
            self.assign_or_havoc(inst, e, "vector or unsupported operands", body, at);
            return;
        }
        match op {
            LLVMICmp => {
                let (p, q) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
                let equality = matches!(
                    llvm::icmp_predicate(inst),
                    llvm_sys::LLVMIntPredicate::LLVMIntEQ | llvm_sys::LLVMIntPredicate::LLVMIntNE
                );
                let comparable = llvm::value_ty(p) != Ty::Pointer || self.addresses_comparable(p, q, equality);
                let a = self.opnd(p, body, at).filter(|_| comparable);
                let b = self.opnd(q, body, at).filter(|_| comparable);
                let e = match (a, b) {
                    (Some(a), Some(b)) => Some(self.icmp(inst, a, b)),
                    _ => None,
                };
                if e.is_none() && self.tested_input(inst, v, body, at) {
                    return;
                }
                if let Some(known) = e.is_none().then(|| self.allocation_is_null(inst)).flatten() {
                    body.push(Stmt::Assign(v, Expr::Bool(known)));
                    return;
                }
                if e.is_none() {
                    self.stats.other_havocs += 1;
                    body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: "pointer comparison".into() }, at.clone()));
                    return;
                }
                self.assign_or_havoc(inst, e, "comparison", body, at);
            }
            LLVMSelect => {
                let c = self.opnd(llvm::operand(inst, 0), body, at);
                let a = self.opnd(llvm::operand(inst, 1), body, at);
                let b = self.opnd(llvm::operand(inst, 2), body, at);
                let e = match (c, a, b) {
                    (Some(c), Some(a), Some(b)) if c.sort() == Sort::Bool => {
                        Some(Expr::Ite(Box::new(c), Box::new(a), Box::new(b)))
                    }
                    _ => None,
                };
                self.assign_or_havoc(inst, e, "vector select", body, at);
            }
            LLVMZExt | LLVMSExt | LLVMTrunc => {
                let src = llvm::operand(inst, 0);
                let from = match llvm::value_ty(src) {
                    Ty::Int(b) => b,
                    _ => 0,
                };
                let a = self.opnd(src, body, at);
                let to = sort.width();
                let cop = match op {
                    // a nonnegative operand extends the same either way
                    LLVMZExt if llvm::nonneg_flag(inst) => CastOp::Sext,
                    LLVMZExt => CastOp::Zext,
                    LLVMSExt => CastOp::Sext,
                    _ => CastOp::Trunc,
                };
                let e = a.filter(|_| from > 0).map(|a| Expr::Cast { op: cop, from, to, a: Box::new(a) });
                self.assign_or_havoc(inst, e, "vector cast", body, at);
            }
            LLVMFreeze => {
                let e = self.opnd(llvm::operand(inst, 0), body, at);
                self.assign_or_havoc(inst, e, "freeze", body, at);
            }
            LLVMLoad => {
                let ptr = llvm::operand(inst, 0);
                let bits = llvm::access_bits(llvm::type_of(inst), self.mem.ptr_bits);
                let cell = match (self.field_var(ptr, bits), self.address(ptr, body, at)) {
                    (Some(m), Some(a)) => Some(Expr::Select { array: Box::new(m), index: Box::new(a) }),
                    _ => None,
                };
                match cell {
                    Some(c) => body.push(Stmt::Assign(v, c)),
                    None => {
                        self.stats.memory_loads += 1;
                        body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: "memory load".into() }, at.clone()));
                    }
                }
            }
            LLVMAlloca => {
                let e = self.mem.base(inst).map(|b| Expr::Int { value: b, bits: self.mem.ptr_bits });
                match e {
                    Some(e) => body.push(Stmt::Assign(v, e)),
                    // executed more than once, or of a size known at run time only
                    None => {
                        body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: "a block's address".into() }, at.clone()))
                    }
                }
            }
            LLVMGetElementPtr => {
                let e = self.gep_address(inst, body, at);
                self.assign_or_havoc(inst, e, "address arithmetic", body, at);
            }
            // a float's bits as an integer's, or back: the same bits
            LLVMBitCast if llvm::value_ty(inst) != Ty::Pointer => {
                let e = self.opnd(llvm::operand(inst, 0), body, at).filter(|e| e.sort() == sort);
                self.assign_or_havoc(inst, e, "vector cast", body, at);
            }
            LLVMBitCast | LLVMAddrSpaceCast => {
                let e = self.address(llvm::operand(inst, 0), body, at);
                self.assign_or_havoc(inst, e, "pointer cast", body, at);
            }
            // `-x` flips the sign bit, exactly (NaN included)
            LLVMFNeg => {
                let e = self.opnd(llvm::operand(inst, 0), body, at).map(|a| sign_bit_op(BinOp::Xor, a, sort));
                self.assign_or_havoc(inst, e, "floating-point negation", body, at);
            }
            LLVMFCmp => {
                let (a, b) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
                let e = match (llvm::float_format(llvm::type_of(a)), self.opnd(a, body, at), self.opnd(b, body, at)) {
                    (Some(format), Some(a), Some(b)) => floats::compare(llvm::fcmp_predicate(inst), format, a, b),
                    _ => None,
                };
                if e.is_none() {
                    self.stats.float_ops += 1;
                }
                self.assign_or_havoc(inst, e, "floating-point comparison", body, at);
            }
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMFPToSI | LLVMFPToUI | LLVMSIToFP
            | LLVMUIToFP | LLVMFPTrunc | LLVMFPExt => {
                let a = llvm::operand(inst, 0);
                let (from, to) = (llvm::float_format(llvm::type_of(a)), llvm::float_format(llvm::type_of(inst)));
                let op = match llvm::opcode(inst) {
                    LLVMFAdd => FloatOp::Add,
                    LLVMFSub => FloatOp::Sub,
                    LLVMFMul => FloatOp::Mul,
                    LLVMFDiv => FloatOp::Div,
                    LLVMFRem => FloatOp::Rem,
                    LLVMFPToSI => FloatOp::ToInt { signed: true },
                    LLVMFPToUI => FloatOp::ToInt { signed: false },
                    LLVMSIToFP => FloatOp::FromInt { signed: true },
                    LLVMUIToFP => FloatOp::FromInt { signed: false },
                    // (`fptrunc`/`fpext` always give a float)
                    _ => FloatOp::Convert { to: to.unwrap_or(FloatFormat::Double) },
                };
                // the operands' format; an integer's conversion's is its result's
                let format = if matches!(op, FloatOp::FromInt { .. }) { to } else { from };
                let operands: Vec<Value> = (0..op.arity() as u32).map(|i| llvm::operand(inst, i)).collect();
                self.float_op(inst, op, format, &operands, body, at);
            }
            LLVMPtrToInt => {
                let e = self.address_as_integer(llvm::operand(inst, 0), sort.width(), body, at);
                self.assign_or_havoc(inst, e, "instruction 'ptrtoint'", body, at);
            }
            LLVMExtractValue => {
                let agg = llvm::operand(inst, 0);
                let e = match (self.overflow_calls.get(&agg).copied(), llvm::extract_index(inst)) {
                    (Some((bop, signed, bits)), Some(idx)) => {
                        let a = self.opnd(llvm::operand(agg, 0), body, at);
                        let b = self.opnd(llvm::operand(agg, 1), body, at);
                        match (a, b, idx) {
                            (Some(a), Some(b), 0) => Some(Expr::Bin {
                                op: bop,
                                bits,
                                nsw: false,
                                nuw: false,
                                a: Box::new(a),
                                b: Box::new(b),
                            }),
                            (Some(a), Some(b), 1) => {
                                Some(Expr::Intr { op: IntrOp::Overflow(bop, signed), bits, args: vec![a, b] })
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                self.assign_or_havoc(inst, e, "aggregate value", body, at);
            }
            _ => {
                let why = format!("instruction '{}'", format!("{op:?}").trim_start_matches("LLVM").to_lowercase());
                self.assign_or_havoc(inst, None, &why, body, at);
            }
        }
    }

    /// `icmp eq/ne fgets(.., stdin), null` or `getenv("NAME")` against null:
    /// whether a line was read, or the variable is set, is an input of the
    /// program (`v` is the comparison's result). False if `inst` is no such
    /// comparison.
    fn tested_input(&mut self, inst: Value, v: VarId, body: &mut Vec<Stmt>, at: &SrcLoc) -> bool {
        let (a, b) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        let null = |p: Value| unsafe { llvm_sys::core::LLVMIsNull(p) != 0 };
        let eq = match llvm::icmp_predicate(inst) {
            LLVMIntPredicate::LLVMIntEQ => true,
            LLVMIntPredicate::LLVMIntNE => false,
            _ => return false,
        };
        let other = match (null(a), null(b)) {
            (false, true) => a,
            (true, false) => b,
            _ => return false,
        };
        let (func, source) = if inputs::is_fgets_stdin(other) {
            ("fgets", InputSource::StdinLine)
        } else if let Some(name) = inputs::getenv_name(other) {
            ("getenv", InputSource::Env { name })
        } else {
            return false;
        };
        let line = self.new_var(func, Sort::Bool, None);
        let kind = HavocKind::Nondet { func: func.into(), source };
        body.push(Stmt::Havoc(line, kind, at.clone()));
        let got = Expr::Var(line, Sort::Bool);
        body.push(Stmt::Assign(v, if eq { Expr::negate(got) } else { got }));
        true
    }

    /// Under `--malloc-never-null`, the value of `icmp eq/ne p, null` where `p`
    /// is what `malloc`/`calloc` returned; `None` otherwise (any value: an
    /// allocation may fail).
    fn allocation_is_null(&self, inst: Value) -> Option<bool> {
        if !self.opts.malloc_never_null {
            return None;
        }
        let (a, b) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        let allocation = |mut p: Value| {
            // typed pointers (LLVM 14) cast malloc's i8* first
            while llvm::is_instruction(p) && llvm::opcode(p) == LLVMOpcode::LLVMBitCast {
                p = llvm::operand(p, 0);
            }
            llvm::is_instruction(p) && llvm::opcode(p) == LLVMOpcode::LLVMCall && {
                let f = llvm::called_value(p);
                llvm::is_function(f) && matches!(llvm::name(f).as_str(), "malloc" | "calloc")
            }
        };
        let null = |p: Value| unsafe { llvm_sys::core::LLVMIsNull(p) != 0 };
        if !((allocation(a) && null(b)) || (allocation(b) && null(a))) {
            return None;
        }
        match llvm::icmp_predicate(inst) {
            LLVMIntPredicate::LLVMIntEQ => Some(false),
            LLVMIntPredicate::LLVMIntNE => Some(true),
            _ => None,
        }
    }

    /// The variable of the region `ptr` points into, if it is modelled
    /// with one width (one array for every access and range operation).
    fn region_of(&self, ptr: Value) -> Option<VarId> {
        let (r, _) = self.mem.single(ptr)?;
        self.mem_vars.get(r)?.first().copied()
    }

    /// The variables of the region `ptr` points into (one per field; none
    /// if it is not modelled).
    fn region_vars(&self, ptr: Value) -> Vec<VarId> {
        self.mem.region(ptr).and_then(|r| self.mem_vars.get(r)).cloned().unwrap_or_default()
    }

    /// The array an access of `bits` at `ptr` reads or writes.
    fn field_var(&self, ptr: Value, bits: u32) -> Option<Expr> {
        let (r, f) = self.mem.field(ptr, bits)?;
        let v = *self.mem_vars.get(r)?.get(f)?;
        Some(Expr::Var(v, Sort::Array { index: self.mem.ptr_bits, elem: bits }))
    }

    /// Whether comparing the model's addresses of two pointers compares their
    /// real addresses: a null pointer, or pointers into at most one object of
    /// a constant base. Two objects of constant bases are ordered and apart in
    /// the model, not in the program (`&a + 1 == &b` may hold there); blocks of
    /// havocked bases may be anywhere in the model, as in the program. For
    /// `equality` (`==`, `!=`), pointers to functions are comparable too.
    fn addresses_comparable(&self, p: Value, q: Value, equality: bool) -> bool {
        let null = |v: Value| unsafe { llvm_sys::core::LLVMIsNull(v) != 0 };
        if null(p) || null(q) {
            return true;
        }
        // (two pointers derived from one pointer value point into one object,
        // as `strtol`'s end and its string: their order is the model's)
        if pointer_root(p).is_some_and(|r| pointer_root(q) == Some(r)) {
            return true;
        }
        // (heap blocks in allocation order: their order is the model's own)
        let ordered = |v: Value| self.mem.region(v).is_some_and(|r| self.mem.ordered_heap(r));
        if !equality && (ordered(p) || ordered(q)) {
            return false;
        }
        // (sites by identity: two allocas may share a name, or have none)
        let mut statics = BTreeSet::new();
        for v in [p, q] {
            let Some(r) = self.mem.regions.of(v) else { return false };
            let sites = &self.mem.regions.regions[r].sites;
            statics.extend(sites.iter().filter(|s| self.mem.base(**s).is_some()).map(|s| *s as usize));
        }
        // functions: no pointer is one past a function's end, so distinct
        // functions are apart in the program as in the model
        let functions = equality && statics.iter().all(|s| super::memory::is_function(*s as Value));
        statics.len() <= 1 || functions
    }

    /// `ptrtoint p - ptrtoint q` (C's `p - q` before its division by the
    /// element size) for two pointers into one region whose integer values
    /// the model knows: `(address(p) - address(q)) * cell`, wrapping unless
    /// the region is one object (below). Exact:
    /// the two integers are the same real base (or none) plus each address's
    /// offset times the cell size, so the base cancels, modulo 2^bits.
    fn pointer_difference(&mut self, sub: Value, sort: Sort, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let bits = self.mem.ptr_bits;
        let ptr = |v: Value| {
            (llvm::is_instruction(v) && llvm::opcode(v) == LLVMOpcode::LLVMPtrToInt).then(|| llvm::operand(v, 0))
        };
        let (p, q) = (ptr(llvm::operand(sub, 0))?, ptr(llvm::operand(sub, 1))?);
        if let Some(d) = self.byte_distance(p, q, sort, body, at) {
            return Some(d);
        }
        let region = self.mem.regions.of(p)?;
        let cell = self.mem.unit_bytes(p)?;
        if sort != (Sort::Int { bits })
            || self.mem.regions.of(q) != Some(region)
            || self.mem.unit_bytes(q) != Some(cell)
        {
            return None;
        }
        // (both integers exist in the model, of the same form)
        self.integer_form(p)?;
        let (a, b) = (self.address(p, body, at)?, self.address(q, body, at)?);
        // In a region of one object of a constant base, both pointers point
        // into it or one past its end (further is undefined in C, poison of
        // the `getelementptr inbounds` clang emits), so their distance is
        // less than its size: no wrap (as `nsw`, DESIGN.md "Semantics").
        let sites = &self.mem.regions.regions[region].sites;
        let nsw = sites.len() == 1 && self.mem.base(sites[0]).is_some();
        let bin = |op, a, b| Expr::Bin { op, bits, nsw, nuw: false, a: Box::new(a), b: Box::new(b) };
        Some(bin(BinOp::Mul, bin(BinOp::Sub, a, b), Expr::Int { value: cell, bits }))
    }

    /// `ptrtoint p - ptrtoint q` for two pointers that `getelementptr`s
    /// derive from one pointer value: the difference of their byte offsets,
    /// wrapping. Exact whether or not their object is modelled (an array
    /// only pointed into and never read, as at -O0).
    fn byte_distance(&mut self, p: Value, q: Value, sort: Sort, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let bits = self.mem.ptr_bits;
        if sort != (Sort::Int { bits }) {
            return None;
        }
        let (rp, a) = self.byte_offset(p, body, at)?;
        let (rq, b) = self.byte_offset(q, body, at)?;
        (rp == rq).then(|| Expr::Bin { op: BinOp::Sub, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) })
    }

    /// The pointer `p` is derived from through `getelementptr`s, and `p`'s
    /// offset from it in bytes: wrapping, as `getelementptr` without
    /// `inbounds` does; or, if `exact`, the offset as a number (where
    /// the real one wraps, a pointer left its object, which is undefined:
    /// the exact offset is then out of bounds too).
    fn offset_from_root(&mut self, p: Value, exact: bool, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<(Value, Expr)> {
        if !super::memory::is_gep(p) {
            return Some((p, Expr::Int { value: 0, bits: self.mem.ptr_bits }));
        }
        let gep = self.mem.gep(p)?;
        let (root, base) = self.offset_from_root(llvm::operand(p, 0), exact, body, at)?;
        Some((root, self.plus_offset(base, gep, exact, body, at)?))
    }

    /// [`Tx::offset_from_root`], wrapping.
    fn byte_offset(&mut self, p: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<(Value, Expr)> {
        self.offset_from_root(p, false, body, at)
    }

    /// `ptrtoint p` as a `bits`-bit integer. The model's constant base of an
    /// object is not its real address: an object of a constant base gets a
    /// variable real base (arbitrary, fixed for the run), so that the
    /// difference of two addresses in it is exact and its absolute value is
    /// any; a heap block (of a havocked base) is at its model address times
    /// the cell size (`malloc` aligns blocks to 16 bytes, a multiple of a
    /// cell size that is a power of two up to 16).
    fn address_as_integer(&mut self, p: Value, bits: u32, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let ptr_bits = self.mem.ptr_bits;
        let (form, cell) = self.integer_form(p)?;
        let a = self.address(p, body, at)?;
        let int = |value| Box::new(Expr::Int { value, bits: ptr_bits });
        let bin = |op, a, b| Expr::Bin { op, bits: ptr_bits, nsw: false, nuw: false, a, b };
        let real = match form {
            None => bin(BinOp::Mul, Box::new(a), int(cell)),
            Some((site, b)) => {
                let real = self.real_base(site);
                let off = bin(BinOp::Mul, Box::new(bin(BinOp::Sub, Box::new(a), int(b))), int(cell));
                bin(BinOp::Add, Box::new(Expr::Var(real, Sort::Int { bits: ptr_bits })), Box::new(off))
            }
        };
        Some(resize(real, ptr_bits, bits, CastOp::Zext))
    }

    /// How the model gives `p` an integer value ([`Tx::address_as_integer`]):
    /// its region's one static site and that site's base (the real base is
    /// that site's variable), or `None` for a region of heap blocks only; and
    /// the cell size. `None` if the model gives it none.
    #[allow(clippy::type_complexity)]
    fn integer_form(&self, p: Value) -> Option<(Option<(Value, i128)>, i128)> {
        let r = self.mem.regions.of(p)?;
        if self.mem.ordered_heap(r) {
            return None; // (the order of its blocks' addresses is the model's own)
        }
        let sites = &self.mem.regions.regions[r].sites;
        let cell = self.mem.unit_bytes(p)?;
        let statics: Vec<Value> = sites.iter().copied().filter(|s| self.mem.base(*s).is_some()).collect();
        let heap = |s: &Value| super::memory::is_heap_site(*s);
        match (statics.as_slice(), sites.len()) {
            ([], _) if cell <= 16 && cell & (cell - 1) == 0 && sites.iter().all(heap) => Some((None, cell)),
            ([site], 1) => Some((Some((*site, self.mem.base(*site)?)), cell)),
            _ => None,
        }
    }

    /// A new heap block `v` (of the allocating call `inst`) in a region whose
    /// blocks are kept apart by their order: if not null, it starts at or
    /// above `heap.top`, below 2^(bits - 2), and `heap.top` moves past its
    /// last byte (the size in bytes is at least its size in units). Sound for
    /// the blocks that are live together, which never overlap in the
    /// program; a block of a size the model does not know moves the top
    /// anywhere above it (later blocks may then overlap it in the model).
    fn after_heap_top(&mut self, inst: Value, name: &str, v: VarId, not_null: Expr, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let (Some(top), Some(r)) = (self.heap_top, self.mem.region(inst)) else { return };
        if !self.mem.ordered_heap(r) {
            return;
        }
        let bits = self.mem.ptr_bits;
        let int = Sort::Int { bits };
        let arg = |i: u32| llvm::operand(inst, i);
        let size = match name {
            "malloc" => self.opnd(arg(0), body, at),
            "realloc" => self.opnd(arg(1), body, at),
            "calloc" => match (self.opnd(arg(0), body, at), self.opnd(arg(1), body, at)) {
                (Some(a), Some(b)) if a.sort() == b.sort() && a.sort().width() > 1 => {
                    let w = a.sort().width();
                    Some(Expr::Bin { op: BinOp::Mul, bits: w, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) })
                }
                _ => None,
            },
            _ => None,
        };
        let size = size.filter(|n| (2..=bits).contains(&n.sort().width())).map(|n| {
            let w = n.sort().width();
            resize(n, w, bits, CastOp::Zext)
        });
        let limit = Box::new(Expr::Int { value: 1 << (bits - 2), bits });
        let (addr, old) = (Expr::Var(v, int), Expr::Var(top, int));
        let ult = |a: Expr, b: Box<Expr>| Expr::Cmp { pred: CmpPred::Ult, bits, a: Box::new(a), b };
        let mut apart = vec![
            Expr::Cmp { pred: CmpPred::Ule, bits, a: Box::new(old.clone()), b: Box::new(addr.clone()) },
            ult(addr.clone(), limit.clone()),
        ];
        if let Some(n) = &size {
            apart.push(ult(n.clone(), limit.clone()));
        }
        body.push(Stmt::Assume(Expr::Or(vec![Expr::negate(not_null.clone()), Expr::And(apart)])));
        let add =
            |a: Expr, b: Expr| Expr::Bin { op: BinOp::Add, bits, nsw: true, nuw: true, a: Box::new(a), b: Box::new(b) };
        let end = match size {
            Some(n) => add(add(addr.clone(), n), Expr::Int { value: 1, bits }),
            None => {
                let end = self.havoc(body, int, "the end of a block of unknown size", at.clone());
                body.push(Stmt::Assume(ult(addr.clone(), Box::new(end.clone()))));
                end
            }
        };
        body.push(Stmt::Assign(top, Expr::Ite(Box::new(not_null), Box::new(end), Box::new(old))));
    }

    /// The variable holding the real address of a site of a constant base
    /// (havocked at the entry).
    fn real_base(&mut self, site: Value) -> VarId {
        if let Some((_, v)) = self.real_bases.iter().find(|(s, _)| *s == site) {
            return *v;
        }
        let sort = Sort::Int { bits: self.mem.ptr_bits };
        let v = self.new_var(&format!("addr.{}", llvm::name(site)), sort, None);
        self.real_bases.push((site, v));
        v
    }

    /// One variable per modelled region, or per field of a region of
    /// several widths (DESIGN.md "Memory").
    fn declare_regions(&mut self) {
        for r in 0..self.mem.regions.regions.len() {
            let site = self.mem.regions.regions[r].sites.first().map(|s| llvm::name(*s)).unwrap_or_default();
            let site = if site.is_empty() { "block".to_string() } else { site };
            let fields = self.mem.fields(r).to_vec();
            let single = fields.len() == 1 && self.mem.regions.regions[r].widths.len() == 1;
            let vars = fields
                .iter()
                .map(|f| {
                    let sort = Sort::Array { index: self.mem.ptr_bits, elem: f.bits };
                    let name = if single { format!("mem.{site}") } else { format!("mem.{site}.{}", f.offset) };
                    self.new_var(&name, sort, None)
                })
                .collect();
            self.mem_vars.push(vars);
        }
        // (under `memsafety` a block may take a freed block's address, as
        // in the program: heap blocks are not kept apart by their order)
        if !self.opts.property.tracks_heap() && (0..self.mem.regions.regions.len()).any(|r| self.mem.ordered_heap(r)) {
            self.heap_top = Some(self.new_var("heap.top", Sort::Int { bits: self.mem.ptr_bits }, None));
        }
    }

    /// The initial cells of the globals of modelled regions, written at the
    /// entry; other cells start arbitrary.
    fn initial_memory(&mut self, at: &SrcLoc) -> Vec<Stmt> {
        let mut body = Vec::new();
        for (site, live) in self.live_flags() {
            body.push(Stmt::Assign(live, Expr::Bool(false)));
            let freed = self.ghost(Ghost::Freed, site);
            body.push(Stmt::Assign(freed, Expr::Bool(false)));
        }
        for (_, v) in &self.real_bases {
            let why = "the address of an object".to_string();
            body.push(Stmt::Havoc(*v, HavocKind::Unmodelled { why }, at.clone()));
        }
        if let Some(top) = self.heap_top {
            let why = "where the heap starts".to_string();
            body.push(Stmt::Havoc(top, HavocKind::Unmodelled { why }, at.clone()));
        }
        let bits = self.mem.ptr_bits;
        for r in 0..self.mem.regions.regions.len() {
            for (field, m) in self.mem.fields(r).to_vec().into_iter().zip(self.mem_vars[r].clone()) {
                let elem = field.bits;
                let sort = Sort::Array { index: bits, elem };
                for g in self.mem.regions.regions[r].sites.clone() {
                    let Some(base) = self.mem.base(g) else { continue };
                    if unsafe { llvm_sys::core::LLVMIsAGlobalVariable(g) }.is_null() {
                        continue;
                    }
                    let Some(cells) = self.mem.initial_cells(g, field) else { continue };
                    let mut array = Expr::Var(m, sort);
                    for (off, cell) in cells {
                        let value = match cell {
                            Cell::Int(c) => Some(c),
                            Cell::Address(h, o) => {
                                let cell = self.mem.unit_bytes(h).unwrap_or(1);
                                self.mem.base(h).filter(|_| o % cell == 0).map(|b| b + o / cell)
                            }
                        };
                        let value = match value {
                            Some(c) => Expr::Int { value: c, bits: elem },
                            None => self.havoc(&mut body, Sort::Int { bits: elem }, "an address", at.clone()),
                        };
                        let index = Box::new(Expr::Int { value: base + off, bits });
                        array = Expr::Store { array: Box::new(array), index, value: Box::new(value) };
                    }
                    body.push(Stmt::Assign(m, array));
                }
            }
        }
        body
    }

    /// The address a pointer operand holds, in a modelled region: its
    /// variable, a global's base (plus a constant offset), null; `None` if
    /// the model has none.
    fn address(&mut self, p: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let bits = self.mem.ptr_bits;
        // (a static object's base before its variable: the same value, which
        // every use then sees as a constant, as clauses and instances need)
        if let Some(b) = self.mem.base(p) {
            return Some(Expr::Int { value: b, bits });
        }
        if let Some(v) = self.val2var.get(&p) {
            return Some(Expr::Var(*v, Sort::Int { bits }));
        }
        if unsafe { llvm_sys::core::LLVMIsNull(p) } != 0 {
            return Some(Expr::Int { value: 0, bits });
        }
        if unsafe { !llvm_sys::core::LLVMIsAConstantExpr(p).is_null() } {
            return self.gep_address(p, body, at);
        }
        None
    }

    /// The address a `getelementptr` computes: its base's plus the indices
    /// times their strides (indices are sign-extended or truncated to the
    /// pointer width, as LLVM does).
    fn gep_address(&mut self, g: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        if !super::memory::is_gep(g) {
            return None;
        }
        let gep = self.mem.gep_cells(g)?;
        let base = self.address(llvm::operand(g, 0), body, at)?;
        // `inbounds`: the address stays inside its object, and so (bases are
        // far from the ends of the address range) does not wrap
        let nsw = unsafe { llvm_sys::core::LLVMIsInBounds(g) } != 0;
        self.plus_offset(base, gep, nsw, body, at)
    }

    /// `base` plus a `getelementptr`'s offset (its constant, and its indices
    /// sign-extended or truncated to the pointer width, as LLVM does, times
    /// their strides), in the unit of `gep`'s numbers.
    fn plus_offset(&mut self, base: Expr, gep: Gep, nsw: bool, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let bits = self.mem.ptr_bits;
        let add =
            |a: Expr, b: Expr| Expr::Bin { op: BinOp::Add, bits, nsw, nuw: false, a: Box::new(a), b: Box::new(b) };
        let mut sum = base;
        if gep.constant != 0 {
            sum = add(sum, Expr::Int { value: gep.constant, bits });
        }
        for (idx, stride) in gep.strides {
            let i = self.opnd(idx, body, at)?;
            let from = i.sort().width();
            let i = resize(i, from, bits, CastOp::Sext);
            let term = if stride == 1 {
                i
            } else {
                let s = Expr::Int { value: stride, bits };
                Expr::Bin { op: BinOp::Mul, bits, nsw, nuw: false, a: Box::new(i), b: Box::new(s) }
            };
            sum = add(sum, term);
        }
        Some(sum)
    }

    /// `memset(dst, byte, len)` (`src` is `None`) or `memcpy`/`memmove(dst,
    /// src, len)` of a constant length of at most [`MAX_RANGE_CELLS`] whole
    /// cells, as the destination region's new value: one store per cell, each
    /// reading the source region as it was before (so `memmove`'s overlap is
    /// exact too). `None` where the model cannot write the range exactly.
    fn mem_range(
        &mut self,
        dst: Value,
        src: Option<Value>,
        byte: Value,
        len: Value,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) -> Option<(VarId, Expr)> {
        let (m, (_, elem)) = (self.region_of(dst)?, self.mem.single(dst)?);
        let cell = i128::from(elem / 8);
        let len = llvm::const_int(len)?;
        if len < 0 || len % cell != 0 || len / cell > MAX_RANGE_CELLS {
            return None;
        }
        let bits = self.mem.ptr_bits;
        let sort = Sort::Array { index: bits, elem };
        let d = self.address(dst, body, at)?;
        let at_cell = |a: &Expr, k: i128| {
            if k == 0 {
                a.clone()
            } else {
                let k = Box::new(Expr::Int { value: k, bits });
                Expr::Bin { op: BinOp::Add, bits, nsw: false, nuw: false, a: Box::new(a.clone()), b: k }
            }
        };
        let value: Box<dyn Fn(i128) -> Expr> = match src {
            None => {
                let v = repeated_byte(llvm::const_int(byte)?, elem);
                Box::new(move |_| Expr::Int { value: v, bits: elem })
            }
            Some(src) => {
                if self.mem.single(src).map(|(_, w)| w) != Some(elem) {
                    return None;
                }
                let (sm, s) = (self.region_of(src)?, self.address(src, body, at)?);
                Box::new(move |k| Expr::Select {
                    array: Box::new(Expr::Var(sm, sort)),
                    index: Box::new(at_cell(&s, k)),
                })
            }
        };
        let mut array = Expr::Var(m, sort);
        for k in 0..len / cell {
            array = Expr::Store { array: Box::new(array), index: Box::new(at_cell(&d, k)), value: Box::new(value(k)) };
        }
        Some((m, array))
    }

    /// [`Tx::mem_range`] in a region of several widths: each field's cells
    /// that lie in the range (`Layout::range_fields`) get the byte repeated,
    /// or the cell at the same offset from `src` (of a field of the same
    /// width there), all from the arrays as they were before (one
    /// simultaneous assignment). `None` where a field lies partly in the
    /// range or the source has no such field.
    fn field_range(
        &mut self,
        dst: Value,
        src: Option<Value>,
        byte: Value,
        len: Value,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) -> Option<Stmt> {
        let r = self.mem.region(dst)?;
        let len = llvm::const_int(len)?;
        let unit = self.mem.unit_bytes(dst)?;
        let cells = self.mem.range_fields(dst, len)?;
        if cells.len() as i128 > MAX_RANGE_CELLS {
            return None;
        }
        let bits = self.mem.ptr_bits;
        let fields = self.mem.fields(r).to_vec();
        let d = self.address(dst, body, at)?;
        let s = match src {
            Some(src) => Some((src, self.mem.region(src)?, self.address(src, body, at)?)),
            None => None,
        };
        let plus = |a: &Expr, o: i128| {
            let k = Box::new(Expr::Int { value: o / unit, bits });
            Expr::Bin { op: BinOp::Add, bits, nsw: false, nuw: false, a: Box::new(a.clone()), b: k }
        };
        let mut arrays: Vec<Option<Expr>> = vec![None; fields.len()];
        for (i, o) in cells {
            let elem = fields[i].bits;
            let value = match &s {
                None => Expr::Int { value: repeated_byte(llvm::const_int(byte)?, elem), bits: elem },
                Some((src, sr, a)) => {
                    let j = self.mem.field_at(*src, o, elem)?;
                    let sm = *self.mem_vars.get(*sr)?.get(j)?;
                    let sort = Sort::Array { index: bits, elem };
                    Expr::Select { array: Box::new(Expr::Var(sm, sort)), index: Box::new(plus(a, o)) }
                }
            };
            let sort = Sort::Array { index: bits, elem };
            let array = arrays[i].take().unwrap_or(Expr::Var(self.mem_vars[r][i], sort));
            arrays[i] =
                Some(Expr::Store { array: Box::new(array), index: Box::new(plus(&d, o)), value: Box::new(value) });
        }
        let writes: Vec<(VarId, Expr)> =
            arrays.into_iter().enumerate().filter_map(|(i, a)| Some((self.mem_vars[r][i], a?))).collect();
        Some(Stmt::Parallel(writes))
    }

    /// `memset`/`memcpy`/`memmove` of a length the model does not know in
    /// advance, as a loop of the program model (two locations of no block):
    /// cell `j` of the destination gets the byte repeated, or cell `j` of the
    /// source as it was before the call (a copy of the source region where it
    /// is the destination's, so `memmove`'s overlap is exact), for `j` below
    /// the length in whole cells; the cell a length that is not a multiple of
    /// the cell size ends in becomes arbitrary. Spacer cannot take a quantified clause body (it
    /// answers `unknown` at once) nor a `lambda`, so the range is a loop, as
    /// the program's own fill loop is at -O0. `guard`, if given, must hold
    /// for anything to be written (`calloc`'s block is not null). `false` if
    /// the model has no address, length or value for it.
    fn range_loop(
        &mut self,
        dst: Value,
        fill: Fill,
        len: Length,
        guard: Option<Expr>,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) -> bool {
        let (len, small) = match len {
            Length::Bytes(l) => (l, false),
            Length::Cells(n) => (n, true),
        };
        let (Some(m), Some((_, elem))) = (self.region_of(dst), self.mem.single(dst)) else { return false };
        let bits = self.mem.ptr_bits;
        let (int, sort) = (Sort::Int { bits }, Sort::Array { index: bits, elem });
        let cell = i128::from(elem / 8);
        // (a length wider than an address would be truncated)
        if len.sort().width() <= 1 || len.sort().width() > bits {
            return false;
        }
        let Some(d) = self.address(dst, body, at) else { return false };
        let len = resize(len.clone(), len.sort().width(), bits, CastOp::Zext);
        let num = |value| Box::new(Expr::Int { value, bits });
        // (a count of cells whose size in bytes does not wrap: offsets and
        // counts stay far from wrapping; an address past its object is
        // undefined behaviour)
        let bin = move |op, a: Expr, b: Box<Expr>| Expr::Bin { op, bits, nsw: small, nuw: small, a: Box::new(a), b };
        let cells = if cell == 1 || small { len.clone() } else { bin(BinOp::UDiv, len.clone(), num(cell)) };
        // The address and the count stay expressions over SSA values (which
        // the loop does not assign): Spacer's quantified generalization
        // relates `a[base + j]` to the program's later `a[base + i]` at once
        // (mcmillan2006 at -O2: 0.1 s), and not within 30 s through copies.
        let mut read = Vec::new();
        d.vars(&mut read);
        cells.vars(&mut read);
        if read.contains(&m) {
            return false;
        }
        let value: Box<dyn Fn(Expr) -> Expr> = match fill {
            Fill::Byte(Expr::Int { value, .. }) => {
                let v = Expr::Int { value: repeated_byte(value, elem), bits: elem };
                Box::new(move |_| v.clone())
            }
            Fill::Byte(b) if b.sort().width() == 8 => {
                // the byte repeated: zext(b) * 0x0101..01 (no carry)
                let v = Expr::Bin {
                    op: BinOp::Mul,
                    bits: elem,
                    nsw: false,
                    nuw: false,
                    a: Box::new(resize(b, 8, elem, CastOp::Zext)),
                    b: Box::new(Expr::Int { value: repeated_byte(1, elem), bits: elem }),
                };
                Box::new(move |_| v.clone())
            }
            Fill::Byte(_) => return false,
            Fill::Copy(src) => {
                let (Some(sm), Some((_, w))) = (self.region_of(src), self.mem.single(src)) else { return false };
                let Some(s) = self.address(src, body, at).filter(|_| w == elem) else { return false };
                // (the loop writes only the destination's region: another
                // region is read as it is, one array fewer to relate)
                let from = if sm == m {
                    let snapshot = self.new_var("memcpy.src", sort, None);
                    body.push(Stmt::Assign(snapshot, Expr::Var(sm, sort)));
                    snapshot
                } else {
                    sm
                };
                Box::new(move |j| Expr::Select {
                    array: Box::new(Expr::Var(from, sort)),
                    index: Box::new(bin(BinOp::Add, s.clone(), Box::new(j))),
                })
            }
        };
        let jv = self.new_var("memset.j", int, None);
        let j = Expr::Var(jv, int);
        body.push(Stmt::Assign(jv, Expr::Int { value: 0, bits }));
        let next = LocId(self.error.0 + 1 + self.extra_locs.len() as u32);
        let (head, after) = (next, LocId(next.0 + 1));
        let name = |what: &str| format!("{}.{what}", llvm::name(dst).trim_start_matches('%'));
        for what in ["range", "after"] {
            let src = at.clone();
            self.extra_locs.push(Location { name: name(what), src, ..Default::default() });
        }
        let pred = if small { CmpPred::Slt } else { CmpPred::Ult };
        let below = Expr::Cmp { pred, bits, a: Box::new(j.clone()), b: Box::new(cells.clone()) };
        let store = Expr::Store {
            array: Box::new(Expr::Var(m, sort)),
            index: Box::new(bin(BinOp::Add, d.clone(), Box::new(j.clone()))),
            value: Box::new(value(j.clone())),
        };
        let step = Expr::Bin { op: BinOp::Add, bits, nsw: small, nuw: true, a: Box::new(j), b: num(1) };
        let mut exit = vec![Stmt::Assume(Expr::negate(below.clone()))];
        if cell > 1 && !small {
            // the partial cell a length that is not a multiple ends in (an
            // over-approximation, counted)
            self.stats.other_havocs += 1;
            let c = self.havoc(&mut exit, Sort::Int { bits: elem }, "a partly written cell", at.clone());
            let partial =
                Expr::Cmp { pred: CmpPred::Ne, bits, a: Box::new(bin(BinOp::URem, len, num(cell))), b: num(0) };
            let written = Expr::Store {
                array: Box::new(Expr::Var(m, sort)),
                index: Box::new(bin(BinOp::Add, d, Box::new(cells))),
                value: Box::new(c),
            };
            exit.push(Stmt::Assign(m, Expr::Ite(Box::new(partial), Box::new(written), Box::new(Expr::Var(m, sort)))));
        }
        let calls = self.calls();
        let edge = |src, dst, body| Edge { src, dst, body, src_loc: at.clone(), failure: None, calls: calls.clone() };
        let mut enter = std::mem::take(body);
        if let Some(g) = &guard {
            // (a branch, not a count of 0: Spacer generalizes it better)
            let mut skip = enter.clone();
            skip.push(Stmt::Assume(Expr::negate(g.clone())));
            self.edges.push(edge(self.cur_loc, after, skip));
            enter.push(Stmt::Assume(g.clone()));
        }
        self.edges.push(edge(self.cur_loc, head, enter));
        self.edges.push(edge(head, head, vec![Stmt::Assume(below), Stmt::Assign(m, store), Stmt::Assign(jv, step)]));
        self.edges.push(edge(head, after, exit));
        self.cur_loc = after;
        true
    }

    /// [`Tx::range_loop`] for `memset(dst, byte, len)` (`src` is `None`) or
    /// `memcpy`/`memmove(dst, src, len)`.
    fn symbolic_range(
        &mut self,
        dst: Value,
        src: Option<Value>,
        byte: Value,
        len: Value,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) -> bool {
        let cell = self.mem.single(dst).map_or(0, |(_, elem)| i128::from(elem / 8));
        let len = match whole_cells(len, cell) {
            Some((n, None)) => self.opnd(n, body, at).map(Length::Cells),
            Some((n, Some(modulus))) if src.is_none() && sign_extended_below(n, modulus) => {
                self.opnd(n, body, at).map(|n| {
                    // `n mod m` without a quotient: `n` is the sign extension of
                    // a value within `[-m, m)`, so `n mod m` is `n` or `n + m`.
                    // Measured on memset: with a quotient of `2^62`, Z3's
                    // quantifier elimination of Spacer's labels over cells failed
                    // at times and the check of what it left took from 0.02 s to
                    // over a minute (memset_symbolic_safe.c -O0); this form, 0.9 s
                    // in 8 runs of 8. Not for memcpy: there Spacer's global-guidance
                    // run then kept a skolem constant in a loop head's label, and
                    // memcpy_symbolic_safe.c -O0 was not proved (with the quotient,
                    // in 15 s).
                    let bits = n.sort().width();
                    let m = Box::new(Expr::Int { value: modulus, bits });
                    let zero = Box::new(Expr::Int { value: 0, bits });
                    let negative = Expr::Cmp { pred: CmpPred::Slt, bits, a: Box::new(n.clone()), b: zero };
                    let plus = Expr::Bin { op: BinOp::Add, bits, nsw: true, nuw: false, a: Box::new(n.clone()), b: m };
                    Length::Cells(Expr::Ite(Box::new(negative), Box::new(plus), Box::new(n)))
                })
            }
            Some((n, Some(modulus))) => self.opnd(n, body, at).map(|n| {
                // (`n` itself where it is below the modulus, which the
                // program's own guard on `n` then shows at once)
                let bits = n.sort().width();
                let m = Box::new(Expr::Int { value: modulus, bits });
                let below = Expr::Cmp { pred: CmpPred::Ult, bits, a: Box::new(n.clone()), b: m.clone() };
                let rem = Expr::Bin { op: BinOp::URem, bits, nsw: false, nuw: false, a: Box::new(n.clone()), b: m };
                Length::Cells(Expr::Ite(Box::new(below), Box::new(n), Box::new(rem)))
            }),
            None => self.opnd(len, body, at).map(Length::Bytes),
        };
        let Some(len) = len else { return false };
        let fill = match src {
            Some(src) => Fill::Copy(src),
            None => match self.opnd(byte, body, at) {
                Some(byte) => Fill::Byte(byte),
                None => return false,
            },
        };
        self.range_loop(dst, fill, len, None, body, at)
    }

    /// `store v, p`: the cell at `p`'s address of its region gets `v`; where
    /// the model has no address or no value, the region becomes arbitrary.
    fn store(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let (val, ptr) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        let vars = self.region_vars(ptr);
        if vars.is_empty() {
            return;
        }
        let elem = llvm::access_bits(llvm::type_of(val), self.mem.ptr_bits);
        let array = self.field_var(ptr, elem);
        let value = self.opnd(val, body, at).filter(|v| v.sort().width() == elem);
        match (array, self.address(ptr, body, at), value) {
            (Some(Expr::Var(m, sort)), Some(a), Some(v)) => {
                let e = Expr::Store { array: Box::new(Expr::Var(m, sort)), index: Box::new(a), value: Box::new(v) };
                body.push(Stmt::Assign(m, e));
            }
            _ => {
                self.stats.other_havocs += 1;
                for m in vars {
                    let why = "a store the model cannot follow".into();
                    body.push(Stmt::Havoc(m, HavocKind::Unmodelled { why }, at.clone()));
                }
            }
        }
    }

    fn icmp(&self, inst: Value, a: Expr, b: Expr) -> Expr {
        use LLVMIntPredicate::*;
        if a.sort() == Sort::Bool {
            let eq = Expr::negate(Expr::Xor(Box::new(a.clone()), Box::new(b.clone())));
            // On i1, true is -1 when signed and 1 when unsigned.
            let na = Expr::negate(a.clone());
            let nb = Expr::negate(b.clone());
            return match llvm::icmp_predicate(inst) {
                LLVMIntEQ => eq,
                LLVMIntNE => Expr::Xor(Box::new(a), Box::new(b)),
                LLVMIntUGT | LLVMIntSLT => Expr::And(vec![a, nb]),
                LLVMIntUGE | LLVMIntSLE => Expr::Or(vec![a, nb]),
                LLVMIntULT | LLVMIntSGT => Expr::And(vec![na, b]),
                LLVMIntULE | LLVMIntSGE => Expr::Or(vec![na, b]),
            };
        }
        let bits = a.sort().width();
        let pred = match llvm::icmp_predicate(inst) {
            LLVMIntEQ => CmpPred::Eq,
            LLVMIntNE => CmpPred::Ne,
            LLVMIntSLT => CmpPred::Slt,
            LLVMIntSLE => CmpPred::Sle,
            LLVMIntSGT => CmpPred::Sgt,
            LLVMIntSGE => CmpPred::Sge,
            LLVMIntULT => CmpPred::Ult,
            LLVMIntULE => CmpPred::Ule,
            LLVMIntUGT => CmpPred::Ugt,
            LLVMIntUGE => CmpPred::Uge,
        };
        Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) }
    }

    /// The width of the result of `inst`, a call of `callee`, if `callee`
    /// is a function of the environment: declared, defined neither by the
    /// program nor by a library (`builtins::is_library_function`), returning
    /// an integer of at most 64 bits, with no pointer argument (it cannot
    /// touch the program's memory). Its results are then inputs the replay's
    /// harness returns: whatever it returns is a run of the program.
    fn environment_function(&self, inst: Value, callee: Value, name: &str) -> Option<u32> {
        let Ty::Int(bits) = llvm::value_ty(inst) else { return None };
        let pointers = (0..llvm::call_arg_count(inst)).any(|i| llvm::value_ty(llvm::operand(inst, i)) == Ty::Pointer);
        let own = name.starts_with("__VERIFIER_") || name.starts_with("llvm.") || name.starts_with("__ufo");
        (llvm::is_declaration(callee)
            && (1..=64).contains(&bits)
            && !pointers
            && !own
            && !is_opaque_builtin(name)
            && !super::builtins::is_library_function(name))
        .then_some(bits)
    }

    fn warn_external(&mut self, name: &str, writes_memory: bool) {
        if self.warned.insert(name.to_string()) {
            self.stats.unknown_functions.push(name.to_string());
            if quiet_external(name) {
                return;
            }
            self.warnings.push(if self.opts.svcomp {
                format!(
                    "external function '{name}' is assumed to return any value and to have no side effects (--svcomp)"
                )
            } else if writes_memory {
                format!(
                    "external function '{name}' has no body: it is assumed to return any value and to write \
                     anything through its pointer arguments (memory read after it is arbitrary)"
                )
            } else {
                format!("external function '{name}' has no body: it is assumed to return any value")
            });
        }
    }

    /// An input of the program: `v` gets a fresh value from `source`, within
    /// `[lo, hi]` where given.
    fn input(
        &mut self,
        inst: Value,
        func: &str,
        source: InputSource,
        range: Option<(i128, i128)>,
        body: &mut Vec<Stmt>,
        at: &SrcLoc,
    ) {
        let Some((v, sort)) = self.result(inst) else { return };
        body.push(Stmt::Havoc(v, HavocKind::Nondet { func: func.to_string(), source }, at.clone()));
        if let Some((lo, hi)) = range {
            body.push(Stmt::Assume(Expr::And(vec![
                compare(CmpPred::Sge, v, sort, lo),
                compare(CmpPred::Sle, v, sort, hi),
            ])));
        }
    }

    /// The length of the command-line argument `argv[index]`
    /// (`inputs::model_argv`), at most the longest Linux passes: an input,
    /// but for the program name (which the replay chooses).
    fn argv_length(&mut self, inst: Value, index: usize, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let Some((v, sort)) = self.result(inst) else { return };
        let kind = match index {
            0 => HavocKind::Unmodelled { why: "the length of the program's name".to_string() },
            _ => HavocKind::Nondet { func: "argv".into(), source: InputSource::ArgvLength { index } },
        };
        body.push(Stmt::Havoc(v, kind, at.clone()));
        body.push(Stmt::Assume(Expr::And(vec![
            compare(CmpPred::Sge, v, sort, 0),
            compare(CmpPred::Sle, v, sort, crate::program_inputs::MAX_ARGUMENT_LENGTH),
        ])));
        self.argv_lengths.insert(index, Expr::Var(v, sort));
    }

    fn call(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Result<Flow> {
        let callee = llvm::called_value(inst);
        if llvm::is_inline_asm(callee) {
            return Err(self.unsupported(inst, "inline assembly"));
        }
        if !llvm::is_function(callee) {
            return Err(self.unsupported(inst, "indirect call through a function pointer"));
        }
        let name = llvm::name(callee);
        if name == memsafety::ACCESS {
            self.access_check(inst, body, at);
            return Ok(Flow::Continue);
        }
        if name == "free" && self.opts.property.tracks_heap() {
            self.free_check(inst, body, at);
        }
        if self.opts.property.tracks_heap() && memsafety::allocates(&name) {
            self.block_safe(|| format!("memsafety: '{name}' at {at} allocates a block the model does not follow"));
        }
        if self.opts.property.memsafety {
            if name == memsafety::LIFETIME_START || name == memsafety::LIFETIME_END {
                self.lifetime(inst, name == memsafety::LIFETIME_START, body, at);
                return Ok(Flow::Continue);
            }
            if let Some(p) = memsafety::unchecked_pointer_argument(inst, &name) {
                let what = memsafety::unknown_object(p);
                self.block_safe(|| {
                    format!("memsafety: '{name}' at {at} accesses memory through {what} that the model does not check")
                });
            }
        }
        if let Some(failure) = error_call(&name, inst, self.opts.property, at) {
            self.error_edge(std::mem::take(body), at.clone(), failure);
            return Ok(Flow::End);
        }
        if super::builtins::is_error_call(&name, inst) || is_trap_intrinsic(&name) {
            // not an error under the properties: the program stops there
            return Ok(Flow::End);
        }
        if llvm::is_intrinsic(callee) {
            return Ok(self.intrinsic(&name, inst, body, at));
        }
        let arg = |i: u32| llvm::operand(inst, i);
        match name.as_str() {
            "__VERIFIER_assert" if llvm::is_declaration(callee) && llvm::call_arg_count(inst) >= 1 => {
                let c = self.truth(arg(0), body, at);
                if self.opts.property.reach {
                    let mut err = body.clone();
                    err.push(Stmt::Assume(Expr::negate(c.clone())));
                    let failure = Failure { kind: name.clone(), condition: None, at: at.clone() };
                    self.error_edge(err, at.clone(), failure);
                }
                body.push(Stmt::Assume(c));
                return Ok(Flow::Continue);
            }
            "__VERIFIER_assume" if llvm::call_arg_count(inst) >= 1 => {
                let c = self.truth(arg(0), body, at);
                body.push(Stmt::Assume(c));
                return Ok(Flow::Continue);
            }
            "exit" | "_exit" | "_Exit" => {
                self.leak_checks(body);
                return Ok(Flow::End);
            }
            n if ends_path(n) => return Ok(Flow::End),
            _ => {}
        }
        if let Some(function) = name.strip_prefix(super::recursion::SUMMARY_PREFIX) {
            let mut args = Vec::new();
            for i in 0..llvm::call_arg_count(inst) {
                match self.opnd(arg(i), body, at) {
                    Some(a) if !matches!(llvm::value_ty(arg(i)), Ty::Pointer) => args.push(a),
                    _ => self.not_summarizable = Some(format!("a call of '{function}' with a pointer argument")),
                }
            }
            let v = match self.result(inst) {
                Some((v, _)) => v,
                None => {
                    if llvm::value_ty(inst) != Ty::Void {
                        self.not_summarizable = Some(format!("a call of '{function}' with a pointer result"));
                    }
                    self.new_var("void", Sort::Bool, None)
                }
            };
            let kind = HavocKind::Summary { function: function.to_string(), args };
            body.push(Stmt::Havoc(v, kind, at.clone()));
            return Ok(Flow::Continue);
        }
        if !llvm::is_declaration(callee) {
            return Err(self.unsupported(inst, format!("recursion: call to '{name}' cannot be inlined")));
        }
        if name.starts_with("__VERIFIER_nondet_") {
            // Every nondet call is recorded, even one whose result ufo does not
            // model (a pointer), so that a trace lists the values in call order.
            let v = match self.result(inst) {
                Some((v, _)) => v,
                None => self.new_var("nondet", Sort::Int { bits: 64 }, None),
            };
            let kind = HavocKind::Nondet { func: name.clone(), source: InputSource::Nondet };
            body.push(Stmt::Havoc(v, kind, at.clone()));
            return Ok(Flow::Continue);
        }
        if let Some(input) = inputs::input_call(&name, inst) {
            match input {
                InputCall::ScanfResult { format, conversions } => {
                    let source = InputSource::ScanfResult { format };
                    self.input(inst, "scanf", source, Some((-1, conversions as i128)), body, at)
                }
                InputCall::ScanfValue { format, index } => {
                    self.input(inst, "scanf", InputSource::ScanfValue { format, index }, None, body, at)
                }
                InputCall::StdinChar => self.input(inst, &name, InputSource::StdinChar, Some((-1, 255)), body, at),
                InputCall::StdinRead { max } => {
                    self.input(inst, &name, InputSource::StdinRead, Some((-1, max)), body, at)
                }
                InputCall::Library { range } => {
                    let source = InputSource::Library { function: name.clone() };
                    self.input(inst, &name, source, range, body, at)
                }
                InputCall::ArgvByte { index, pos } => {
                    self.input(inst, "argv", InputSource::ArgvByte { index, pos }, None, body, at)
                }
                InputCall::ArgvLength { index } => self.argv_length(inst, index, body, at),
            }
            return Ok(Flow::Continue);
        }
        if let Some(index) = self.argv.and_then(|argv| inputs::argv_number(&name, inst, argv)) {
            self.input(inst, &name, InputSource::ArgvNumber { index }, None, body, at);
            return Ok(Flow::Continue);
        }
        if name == ANY_INT {
            // (a C-library model's free choice: `frontend::models`)
            if let Some((v, _)) = self.result(inst) {
                let why = "a value the C library chooses (its model leaves it free)".to_string();
                body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why }, at.clone()));
            }
            return Ok(Flow::Continue);
        }
        if let ("abs" | "labs" | "llabs", Some((_, Sort::Int { bits }))) = (name.as_str(), self.result(inst)) {
            if let Some(a) = self.opnd(arg(0), body, at) {
                let e = Expr::Intr { op: IntrOp::Abs, bits, args: vec![a] };
                self.assign_or_havoc(inst, Some(e), &name, body, at);
                return Ok(Flow::Continue);
            }
        }
        if let (true, Some((v, sort))) = (is_allocation(&name), self.result(inst)) {
            if llvm::value_ty(inst) == Ty::Pointer {
                // a fresh block: its address (null unless --malloc-never-null says not)
                body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: "a heap block's address".into() }, at.clone()));
                if self.opts.property.tracks_heap() {
                    let freed = self.ghost(Ghost::Freed, inst);
                    body.push(Stmt::Assign(freed, Expr::Bool(false)));
                    // (a block of a call that runs again is no longer tracked
                    // once the next one is: its leak is not checked)
                    if super::memory::on_cycle(unsafe { llvm_sys::core::LLVMGetInstructionParent(inst) }) {
                        self.unchecked("a block allocated in a loop (its leak)", Some(inst), at);
                    }
                    let live = self.ghost(Ghost::Live, inst);
                    body.push(Stmt::Assign(live, Expr::negate(compare(CmpPred::Eq, v, sort, 0))));
                    let size = self.ghost(Ghost::Size, inst);
                    let bytes = self.heap_size(inst, body, at);
                    body.push(Stmt::Assign(size, bytes.unwrap_or(Expr::Int { value: 0, bits: self.mem.ptr_bits })));
                    self.place_block(inst, v, body);
                    if !self.opts.malloc_never_null {
                        // whether it fails, an input the replay gives the
                        // C library's allocator (`replay::harness::wrapped`)
                        let int = Sort::Int { bits: 32 };
                        let fails = self.new_var(&format!("{name}.fails"), int, None);
                        let source = InputSource::Library { function: name.clone() };
                        body.push(Stmt::Havoc(fails, HavocKind::Nondet { func: name.clone(), source }, at.clone()));
                        let is_null = compare(CmpPred::Eq, v, sort, 0);
                        let failed = compare(CmpPred::Eq, fails, int, 1);
                        let kept = compare(CmpPred::Eq, fails, int, 0);
                        body.push(Stmt::Assume(Expr::Or(vec![
                            Expr::And(vec![failed, is_null.clone()]),
                            Expr::And(vec![kept, Expr::negate(is_null)]),
                        ])));
                    }
                }
                let not_null = Expr::negate(compare(CmpPred::Eq, v, sort, 0));
                if self.opts.malloc_never_null {
                    body.push(Stmt::Assume(not_null.clone()));
                }
                self.after_heap_top(inst, &name, v, not_null.clone(), body, at);
                if name == "calloc" {
                    // a block of zeroes, if there is one (the product of the
                    // arguments wraps as it may in the model: the real block
                    // is then null, which the model allows too)
                    let cell = self.mem.single(inst).map(|(_, bits)| i128::from(bits / 8));
                    let len = match (self.opnd(arg(0), body, at), self.opnd(arg(1), body, at)) {
                        (Some(n), Some(Expr::Int { value, .. })) if Some(value) == cell => Some(Length::Cells(n)),
                        (Some(a), Some(b)) if a.sort() == b.sort() && a.sort().width() > 1 => {
                            let bits = a.sort().width();
                            let bytes = Expr::Bin {
                                op: BinOp::Mul,
                                bits,
                                nsw: false,
                                nuw: false,
                                a: Box::new(a),
                                b: Box::new(b),
                            };
                            Some(Length::Bytes(bytes))
                        }
                        _ => None,
                    };
                    let zero = Expr::Int { value: 0, bits: 8 };
                    let zeroed =
                        len.is_some_and(|len| self.range_loop(inst, Fill::Byte(zero), len, Some(not_null), body, at));
                    if !zeroed && !self.region_vars(inst).is_empty() {
                        self.stats.other_havocs += 1;
                    }
                }
                return Ok(Flow::Continue);
            }
        }
        if llvm::is_declaration(callee) && llvm::float_format(llvm::type_of(inst)).is_some() {
            if self.exact_float_call(inst, &name, body, at) {
                return Ok(Flow::Continue);
            }
            if let ("fabs" | "fabsf" | "fabsl", Some((_, s))) = (name.as_str(), self.result(inst)) {
                let e = self.opnd(arg(0), body, at).map(|a| sign_bit_op(BinOp::And, a, s));
                self.assign_or_havoc(inst, e, &name, body, at);
                return Ok(Flow::Continue);
            }
            if self.math_function(inst, &name, body, at) {
                return Ok(Flow::Continue);
            }
        }
        if let Some(bits) = self.environment_function(inst, callee, &name) {
            // (an input of the environment: `InputSource::External`)
            if self.warned.insert(name.clone()) {
                self.warnings.push(format!(
                    "function '{name}' is declared and defined nowhere: its results are inputs of the \
                     environment (a trace gives each; its replay defines '{name}' to return them)"
                ));
            }
            let source = InputSource::External { function: name.clone(), bits };
            self.input(inst, &name, source, None, body, at);
            return Ok(Flow::Continue);
        }
        if let Some((v, _)) = self.result(inst) {
            self.stats.unknown_calls += 1;
            body.push(Stmt::Havoc(v, HavocKind::Unmodelled { why: format!("result of '{name}'") }, at.clone()));
        }
        if !is_opaque_builtin(&name) {
            let writes = !super::regions::reads_only(&name)
                && (0..llvm::call_arg_count(inst)).any(|i| llvm::value_ty(arg(i)) == Ty::Pointer);
            self.warn_external(&name, writes);
        }
        Ok(Flow::Continue)
    }

    /// The ghost flag `ghost` of `site` (an allocating call, or a scoped local).
    fn ghost(&mut self, ghost: Ghost, site: Value) -> VarId {
        if let Some((_, _, v)) = self.ghosts.iter().find(|(g, s, _)| *g == ghost && *s == site) {
            return *v;
        }
        let (tag, sort) = match ghost {
            Ghost::Freed => ("freed", Sort::Bool),
            Ghost::Live => ("live", Sort::Bool),
            Ghost::Dead => ("dead", Sort::Bool),
            Ghost::Size => ("size", Sort::Int { bits: self.mem.ptr_bits }),
        };
        let v = self.new_var(&format!("{tag}.{}", llvm::name(site)), sort, None);
        self.ghosts.push((ghost, site, v));
        v
    }

    /// The allocating calls and their [`Ghost::Live`] flags.
    fn live_flags(&self) -> Vec<(Value, VarId)> {
        self.ghosts.iter().filter(|(g, _, _)| *g == Ghost::Live).map(|(_, s, v)| (*s, *v)).collect()
    }

    /// The leak checks where the program ends (`memsafety`: SV-COMP's
    /// `valid-memtrack`; `memcleanup`: `valid-memcleanup`): an error edge per
    /// allocating call whose block is still allocated, at the call (where
    /// LeakSanitizer says it was allocated). Exact for `memcleanup`; for
    /// `memtrack` (a block no pointer reaches) an over-approximation that the
    /// replay's LeakSanitizer, which lists only unreachable blocks, confirms.
    fn leak_checks(&mut self, body: &[Stmt]) {
        if !self.opts.property.tracks_heap() || self.exit.is_some() {
            return;
        }
        let kind = if self.opts.property.memcleanup { MEMORY_NOT_FREED } else { MEMORY_LEAK };
        for (call, live) in self.live_flags() {
            let at = llvm::debug_loc(call, self.file);
            let callee = llvm::name(llvm::called_value(call));
            let text = format!("the block of {callee} at line {} is not freed when the program ends", at.line);
            self.fault_edge(body, &[Expr::Var(live, Sort::Bool)], kind, text, &at);
        }
    }

    /// The start or end of the scope of the local `p` (`memsafety::keep_lifetimes`):
    /// an access to it out of scope is a use after its end, as of a freed block.
    fn lifetime(&mut self, inst: Value, start: bool, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let p = llvm::operand(inst, 0);
        match self.offset_from_root(p, true, body, at) {
            Some((root, _)) if unsafe { !llvm_sys::core::LLVMIsAAllocaInst(root).is_null() } => {
                let flag = self.ghost(Ghost::Dead, root);
                body.push(Stmt::Assign(flag, Expr::Bool(!start)));
            }
            _ => self.unchecked("a lifetime marker", None, at),
        }
    }

    /// An error edge of a compiled-in check (`memsafety`): `body`, then
    /// `conds`, into the error as a failure of `kind` at `at` described by
    /// `text`; none for an invalid access or `free` when only `memcleanup` is
    /// checked (the path goes on where it is valid, or ends).
    fn fault_edge(&mut self, body: &[Stmt], conds: &[Expr], kind: &str, text: String, at: &SrcLoc) {
        if !self.opts.property.memsafety && kind != MEMORY_NOT_FREED {
            return;
        }
        let mut err = body.to_vec();
        err.extend(conds.iter().cloned().map(Stmt::Assume));
        let failure = Failure { kind: kind.to_string(), condition: Some(text), at: at.clone() };
        self.error_edge(err, at.clone(), failure);
    }

    /// Notes that SAFE cannot be claimed: the object of a checked pointer at
    /// `at` is not known (the first such access is the reason).
    fn unchecked(&mut self, what: &str, root: Option<Value>, at: &SrcLoc) {
        let why = root.map(memsafety::unknown_object).unwrap_or("pointer arithmetic the model does not follow");
        self.block_safe(|| {
            format!("memsafety: the object {what} at {at} points into is not known to the model (it is {why})")
        });
    }

    /// Notes that SAFE cannot be claimed, for the reason `why` makes unless
    /// one was noted first.
    fn block_safe(&mut self, why: impl FnOnce() -> String) {
        if self.unchecked.is_none() {
            self.unchecked = Some(why());
        }
    }

    /// The object `root` is the start of, with its size in bytes (a
    /// `ptr_bits` integer), its address and its "freed" flag where it is a
    /// heap block, and its name for a report; `None` if the model does not
    /// know it.
    fn object(&mut self, root: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<(memsafety::Object, Expr, String)> {
        let bits = self.mem.ptr_bits;
        let object = memsafety::object_of(self.mem.data_layout(), root)?;
        let int = |value| Expr::Int { value, bits };
        let mul = |a, b| Expr::Bin { op: BinOp::Mul, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) };
        let add = |a, b| Expr::Bin { op: BinOp::Add, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) };
        let name = |this: &Self, v: Value| {
            let n = this.src_names.get(&v).cloned().unwrap_or_else(|| llvm::name(v));
            if n.is_empty() {
                "an object".to_string()
            } else {
                format!("'{n}'")
            }
        };
        let (size, what) = match object {
            memsafety::Object::Null => (int(0), "null".to_string()),
            memsafety::Object::Fixed { site, bytes } => (int(bytes), name(self, site)),
            memsafety::Object::Counted { site, count, elem } => {
                let n = self.opnd(count, body, at)?;
                (mul(widened(n, bits)?, int(elem)), name(self, site))
            }
            memsafety::Object::Heap { call } => {
                let size = self.heap_size(call, body, at)?;
                (size, self.block_name(call))
            }
            memsafety::Object::Argument { index, .. } => {
                let length = widened(self.argv_lengths.get(&index)?.clone(), bits)?;
                (add(length, int(1)), format!("'argv[{index}]'"))
            }
            memsafety::Object::ArgvTable { .. } => {
                let argc = unsafe { llvm_sys::core::LLVMGetParam(llvm_sys::core::LLVMGetParamParent(self.argv?), 0) };
                let argc = widened(self.opnd(argc, body, at)?, bits)?;
                (mul(add(argc, int(1)), int(i128::from(bits / 8))), "'argv'".to_string())
            }
        };
        Some((object, size, what))
    }

    /// Where a new block `v` of the allocating call `inst` lies (under
    /// `memsafety`, `memcleanup`): apart from the start of every live block
    /// of its region, and where the region has cells, not wrapping past the
    /// top of the address space. True of the program's blocks (their
    /// addresses over the cell size are such a layout), and what lets `free`
    /// and accesses go by address (`free_by_value`, `access_by_value`).
    /// (Blocks that overlap in the model only make more paths: never fewer
    /// errors; the pairwise constraint cost more than it saved.)
    fn place_block(&mut self, inst: Value, v: VarId, body: &mut Vec<Stmt>) {
        let bits = self.mem.ptr_bits;
        let sort = Sort::Int { bits };
        let cmp = |pred, a: Expr, b: Expr| Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) };
        let region = self.mem.regions.of(inst);
        let new = Expr::Var(v, sort);
        let null = cmp(CmpPred::Eq, new.clone(), Expr::Int { value: 0, bits });
        if let Some(unit) = self.mem.unit_bytes(inst).filter(|u| *u > 0 && u & (u - 1) == 0) {
            // v * unit + size <= 2^bits - 1, without a wrap: v <= (2^bits - 1) / unit
            let size = Expr::Var(self.ghost(Ghost::Size, inst), sort);
            let max = (1i128 << bits) - 1;
            let bin = |op, a, b| Expr::Bin { op, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) };
            let room = bin(
                BinOp::Sub,
                Expr::Int { value: max, bits },
                bin(BinOp::Mul, new.clone(), Expr::Int { value: unit, bits }),
            );
            let no_wrap = Expr::And(vec![
                cmp(CmpPred::Ule, new.clone(), Expr::Int { value: max / unit, bits }),
                cmp(CmpPred::Ule, size, room),
            ]);
            body.push(Stmt::Assume(Expr::Or(vec![null.clone(), no_wrap])));
        }
        for (t, live) in self.live_flags() {
            let Some(&b) = self.val2var.get(&t).filter(|_| t != inst && self.mem.regions.of(t) == region) else {
                continue;
            };
            let apart = cmp(CmpPred::Ne, new.clone(), Expr::Var(b, sort));
            body.push(Stmt::Assume(Expr::Or(vec![Expr::negate(Expr::Var(live, Sort::Bool)), null.clone(), apart])));
        }
    }

    /// The size in bytes of the block the allocating call `call` returns (a
    /// `ptr_bits` integer): `malloc`'s and `realloc`'s argument, `calloc`'s
    /// product; `None` if the model has no value for it.
    fn heap_size(&mut self, call: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Option<Expr> {
        let bits = self.mem.ptr_bits;
        let arg = |i: u32| llvm::operand(call, i);
        match llvm::name(llvm::called_value(call)).as_str() {
            "malloc" => widened(self.opnd(arg(0), body, at)?, bits),
            "realloc" => widened(self.opnd(arg(1), body, at)?, bits),
            _ => {
                let (a, b) =
                    (widened(self.opnd(arg(0), body, at)?, bits)?, widened(self.opnd(arg(1), body, at)?, bits)?);
                Some(Expr::Bin { op: BinOp::Mul, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) })
            }
        }
    }

    /// A block's name in a report: `the block of malloc at line 9`.
    fn block_name(&self, call: Value) -> String {
        let callee = llvm::name(llvm::called_value(call));
        format!("the block of {callee} at line {}", llvm::debug_loc(call, self.file).line)
    }

    /// The check of an access of `n` bytes at `p` where the model does not
    /// know the object `p` is derived from (read from memory, merged from
    /// several: `root`), but its region holds heap blocks only: by address,
    /// as the hardware and AddressSanitizer see it. `p` must be inside a
    /// live block of the region (`n` bytes from it); else the access is
    /// through null, into a freed block, or outside every block. An access
    /// past one block that lands in another on the model's layout is found
    /// on another layout, as the model's block addresses are any the
    /// allocator may give (unless the program fixes them through integer
    /// casts: then it counts as inside the other block).
    fn access_by_value(&mut self, p: Value, n: Option<Expr>, root: Option<Value>, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let bits = self.mem.ptr_bits;
        let unit = self.mem.unit_bytes(p).filter(|u| *u > 0 && u & (u - 1) == 0);
        let (Some(sites), Some(pv), Some(n), Some(unit)) = (self.heap_sites_of(p), self.opnd(p, body, at), n, unit)
        else {
            return self.unchecked("an access", root, at);
        };
        let cmp = |pred, a: Expr, b: Expr| Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) };
        let bin = |op, a: Expr, b: Expr| Expr::Bin { op, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) };
        let int = |value| Expr::Int { value, bits };
        let (mut inside, mut freed) = (Vec::new(), Vec::new());
        for s in sites {
            let Some(base) = self.opnd(s, body, at) else { return self.unchecked("an access", root, at) };
            let size = Expr::Var(self.ghost(Ghost::Size, s), Sort::Int { bits });
            let (live, gone) = (self.ghost(Ghost::Live, s), self.ghost(Ghost::Freed, s));
            // (in units of the region: p - base <= (size - n) / unit)
            let units = bin(BinOp::Sub, pv.clone(), base.clone());
            let from = cmp(CmpPred::Ule, base, pv.clone());
            let fits = |k: Expr| {
                Expr::And(vec![
                    from.clone(),
                    cmp(CmpPred::Ule, k.clone(), size.clone()),
                    cmp(CmpPred::Ule, units.clone(), bin(BinOp::UDiv, bin(BinOp::Sub, size.clone(), k), int(unit))),
                ])
            };
            inside.push(Expr::And(vec![Expr::Var(live, Sort::Bool), fits(n.clone())]));
            freed.push(Expr::And(vec![Expr::Var(gone, Sort::Bool), fits(int(1))]));
        }
        let valid = Expr::Or(inside);
        let null = cmp(CmpPred::Eq, pv, int(0));
        let bytes = bytes_text(&n);
        let text = format!("access of {bytes} through a null pointer");
        self.fault_edge(body, std::slice::from_ref(&null), NULL_DEREF, text, at);
        let (not_null, invalid, freed) = (Expr::negate(null), Expr::negate(valid.clone()), Expr::Or(freed));
        let text = format!("access of {bytes} in a block that was freed");
        self.fault_edge(body, &[not_null.clone(), invalid.clone(), freed.clone()], USE_AFTER_FREE, text, at);
        let text = format!("access of {bytes} outside every live block it may point into");
        self.fault_edge(body, &[not_null, invalid, Expr::negate(freed)], OUT_OF_BOUNDS, text, at);
        body.push(Stmt::Assume(valid));
    }

    /// The check of `__ufo_access(p, n)` (`memsafety.rs`): error edges for a
    /// null, freed or out-of-bounds access of `n` bytes at `p`; the path goes
    /// on with the access valid.
    fn access_check(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let p = llvm::operand(inst, 0);
        let bits = self.mem.ptr_bits;
        let n = self.opnd(llvm::operand(inst, 1), body, at).map(|n| {
            let w = n.sort().width();
            resize(n, w, bits, CastOp::Zext)
        });
        let Some((root, off)) = self.offset_from_root(p, true, body, at) else {
            return self.access_by_value(p, n, None, body, at);
        };
        let text = format!("access of {} through a null pointer", n.as_ref().map(bytes_text).unwrap_or_default());
        let root = self.null_or_object(root, text, body, at);
        let (Some((object, size, what)), Some(n)) = (self.object(root, body, at), n.clone()) else {
            return self.access_by_value(p, n, Some(root), body, at);
        };
        let cmp = |pred, a: Expr, b: Expr| Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) };
        let sub = |a: Expr, b: Expr| Expr::Bin {
            op: BinOp::Sub,
            bits,
            nsw: false,
            nuw: false,
            a: Box::new(a),
            b: Box::new(b),
        };
        let zero = Expr::Int { value: 0, bits };
        // off >= 0, off <= size, n <= size - off (each side in range: no wrap)
        let within = Expr::And(vec![
            cmp(CmpPred::Sge, off.clone(), zero.clone()),
            cmp(CmpPred::Sle, off.clone(), size.clone()),
            cmp(CmpPred::Sle, n.clone(), sub(size.clone(), off)),
        ]);
        let mut valid = Vec::new();
        let bytes = bytes_text(&n);
        match object {
            memsafety::Object::Null => {
                self.fault_edge(body, &[], NULL_DEREF, format!("access of {bytes} through a null pointer"), at);
                body.push(Stmt::Assume(Expr::Bool(false)));
                return;
            }
            memsafety::Object::Fixed { site, .. } | memsafety::Object::Counted { site, .. }
                if memsafety::has_lifetime(site) =>
            {
                let dead = Expr::Var(self.ghost(Ghost::Dead, site), Sort::Bool);
                let text = format!("access of {bytes} in {what}, out of its scope");
                self.fault_edge(body, std::slice::from_ref(&dead), USE_AFTER_FREE, text, at);
                valid.push(Expr::negate(dead));
            }
            memsafety::Object::Heap { call } => {
                let (Some(base), freed) = (self.opnd(call, body, at), self.ghost(Ghost::Freed, call)) else {
                    return self.unchecked("an access", Some(root), at);
                };
                let null = cmp(CmpPred::Eq, base, zero.clone());
                let freed = Expr::Var(freed, Sort::Bool);
                let text = format!("access of {bytes} in {what}, which is null");
                self.fault_edge(body, std::slice::from_ref(&null), NULL_DEREF, text, at);
                let live = Expr::negate(null);
                let text = format!("access of {bytes} in {what}, which was freed");
                self.fault_edge(body, &[live.clone(), freed.clone()], USE_AFTER_FREE, text, at);
                valid.extend([live, Expr::negate(freed)]);
            }
            _ => {}
        }
        let text = format!("access of {bytes} outside {what}");
        let conds: Vec<Expr> = valid.iter().cloned().chain([Expr::negate(within.clone())]).collect();
        self.fault_edge(body, &conds, OUT_OF_BOUNDS, text, at);
        body.extend(valid.into_iter().map(Stmt::Assume));
        body.push(Stmt::Assume(within));
    }

    /// `root` where it is `select(c, null, q)` or `select(c, q, null)` of an
    /// object's start `q` (`argv[k]`, null when `k == argc`:
    /// `inputs::model_argv`): the error edge of the access through null
    /// (`text`), then `q` where it is not null; else `root`.
    fn null_or_object(&mut self, root: Value, text: String, body: &mut Vec<Stmt>, at: &SrcLoc) -> Value {
        let Some((c, null_if, q)) = null_select(root) else { return root };
        if memsafety::object_of(self.mem.data_layout(), q).is_none() {
            return root;
        }
        let c = self.truth(c, body, at);
        let null = if null_if { c } else { Expr::negate(c) };
        self.fault_edge(body, std::slice::from_ref(&null), NULL_DEREF, text, at);
        body.push(Stmt::Assume(Expr::negate(null)));
        q
    }

    /// The check of `free(p)` (`memsafety.rs`): `p` is null, or the start of
    /// a heap block not freed yet (else an error edge: invalid or double
    /// free); the block is freed.
    fn free_check(&mut self, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let p = llvm::operand(inst, 0);
        let bits = self.mem.ptr_bits;
        let Some((root, off)) = self.offset_from_root(p, true, body, at) else {
            return self.free_by_value(p, None, body, at);
        };
        let Some((object, _, what)) = self.object(root, body, at) else {
            return self.free_by_value(p, Some(root), body, at);
        };
        let cmp = |pred, a: Expr, b: Expr| Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) };
        let zero = Expr::Int { value: 0, bits };
        let at_start = cmp(CmpPred::Eq, off, zero.clone());
        match object {
            memsafety::Object::Null => {
                // free(NULL + off): a no-op at offset 0
                let text = "free of a pointer that is no block's start".to_string();
                self.fault_edge(body, &[Expr::negate(at_start.clone())], INVALID_FREE, text, at);
                body.push(Stmt::Assume(at_start));
            }
            memsafety::Object::Heap { call } => {
                let Some(base) = self.opnd(call, body, at) else { return self.unchecked("a free()", Some(root), at) };
                let flag = self.ghost(Ghost::Freed, call);
                let freed = Expr::Var(flag, Sort::Bool);
                let null = cmp(CmpPred::Eq, base, zero);
                // p is null exactly when the block is and p is its start
                let p_null = Expr::And(vec![null.clone(), at_start.clone()]);
                let not_null = Expr::negate(p_null.clone());
                let text = format!("free of a pointer inside {what}, not its start");
                self.fault_edge(body, &[not_null.clone(), Expr::negate(at_start.clone())], INVALID_FREE, text, at);
                let text = format!("free of {what}, which was freed");
                self.fault_edge(body, &[not_null.clone(), at_start.clone(), freed.clone()], DOUBLE_FREE, text, at);
                body.push(Stmt::Assume(Expr::Or(vec![p_null, Expr::And(vec![at_start, Expr::negate(freed.clone())])])));
                body.push(Stmt::Assign(flag, Expr::Or(vec![freed, not_null.clone()])));
                let live = self.ghost(Ghost::Live, call);
                let was = Expr::Var(live, Sort::Bool);
                body.push(Stmt::Assign(live, Expr::And(vec![was, Expr::negate(not_null)])));
            }
            _ => {
                self.fault_edge(body, &[], INVALID_FREE, format!("free of {what}, which is not a heap block"), at);
                body.push(Stmt::Assume(Expr::Bool(false)));
            }
        }
    }

    /// The check of `free(p)` where the model does not know the object `p`
    /// is derived from (read from memory, merged from several: `root`), but
    /// its region holds heap blocks only: `free` goes by address, as the C
    /// library's does. `p` is null, or the start of a live block (which is
    /// freed); else the start of a freed one (a double free) or of none (an
    /// invalid free). Sound because the model's block addresses are any the
    /// allocator may give, so the program's run is one of the model's.
    fn free_by_value(&mut self, p: Value, root: Option<Value>, body: &mut Vec<Stmt>, at: &SrcLoc) {
        let sites = self.heap_sites_of(p);
        let (Some(sites), Some(pv)) = (sites, self.opnd(p, body, at)) else {
            return self.unchecked("a free()", root, at);
        };
        let bits = self.mem.ptr_bits;
        let cmp = |pred, a: Expr, b: Expr| Expr::Cmp { pred, bits, a: Box::new(a), b: Box::new(b) };
        let zero = Expr::Int { value: 0, bits };
        let mut blocks = Vec::new();
        for s in sites {
            let Some(base) = self.opnd(s, body, at) else { return self.unchecked("a free()", root, at) };
            let at_start =
                Expr::And(vec![cmp(CmpPred::Eq, pv.clone(), base.clone()), cmp(CmpPred::Ne, base, zero.clone())]);
            blocks.push((at_start, self.ghost(Ghost::Live, s), self.ghost(Ghost::Freed, s)));
        }
        let of = |flag: VarId| Expr::Var(flag, Sort::Bool);
        let live = Expr::Or(blocks.iter().map(|(m, l, _)| Expr::And(vec![m.clone(), of(*l)])).collect());
        let freed = Expr::Or(blocks.iter().map(|(m, _, f)| Expr::And(vec![m.clone(), of(*f)])).collect());
        let not_null = cmp(CmpPred::Ne, pv, zero);
        let no_live = Expr::negate(live.clone());
        let text = "free of a block that was freed".to_string();
        self.fault_edge(body, &[not_null.clone(), no_live.clone(), freed.clone()], DOUBLE_FREE, text, at);
        let text = "free of a pointer that is no heap block's start".to_string();
        self.fault_edge(body, &[not_null.clone(), no_live, Expr::negate(freed)], INVALID_FREE, text, at);
        body.push(Stmt::Assume(Expr::Or(vec![Expr::negate(not_null), live])));
        // (every live block at that address is freed: in the program one is)
        for (m, l, f) in blocks {
            body.push(Stmt::Assign(f, Expr::Or(vec![of(f), Expr::And(vec![m.clone(), of(l)])])));
            body.push(Stmt::Assign(l, Expr::And(vec![of(l), Expr::negate(m)])));
        }
    }

    /// The allocating calls whose blocks `p` may point into, by the model's
    /// regions, if every object of its region is such a block (each has its
    /// ghosts: every allocating call gets them before any is translated);
    /// `None` otherwise.
    fn heap_sites_of(&self, p: Value) -> Option<Vec<Value>> {
        let sites = &self.mem.regions.regions[self.mem.regions.of(p)?].sites;
        self.heap_only(p).then(|| sites.clone())
    }

    /// Is `p` the block of an allocating call, or does its region hold such
    /// blocks only?
    fn heap_only(&self, p: Value) -> bool {
        let heap = |s: &Value| super::memory::is_heap_site(*s);
        heap(&p)
            || self.mem.regions.of(p).is_some_and(|r| {
                let sites = &self.mem.regions.regions[r].sites;
                !sites.is_empty() && sites.iter().all(heap)
            })
    }

    fn intrinsic(&mut self, name: &str, inst: Value, body: &mut Vec<Stmt>, at: &SrcLoc) -> Flow {
        let arg = |i: u32| llvm::operand(inst, i);
        let base: String = name.split('.').take(2).collect::<Vec<_>>().join(".");
        let int_bits = self.result(inst).and_then(|(_, s)| match s {
            Sort::Int { bits } => Some(bits),
            Sort::Bool | Sort::Num | Sort::Array { .. } => None,
        });
        match base.as_str() {
            _ if is_trap_intrinsic(&base) => return Flow::End,
            "llvm.assume" => {
                let c = self.truth(arg(0), body, at);
                body.push(Stmt::Assume(c));
            }
            "llvm.fabs" => {
                let e =
                    self.opnd(arg(0), body, at).zip(self.result(inst)).map(|(a, (_, s))| sign_bit_op(BinOp::And, a, s));
                self.assign_or_havoc(inst, e, name, body, at);
            }
            "llvm.copysign" => {
                // `|a|` with `b`'s sign, exactly
                let e = self.opnd(arg(0), body, at).zip(self.opnd(arg(1), body, at)).zip(self.result(inst)).map(
                    |((a, b), (_, s))| {
                        let magnitude = sign_bit_op(BinOp::And, a, s);
                        let negative = Expr::Cmp {
                            pred: CmpPred::Slt,
                            bits: s.width(),
                            a: Box::new(b),
                            b: Box::new(Expr::Int { value: 0, bits: s.width() }),
                        };
                        let minus = sign_bit_op(BinOp::Or, magnitude.clone(), s);
                        Expr::Ite(Box::new(negative), Box::new(minus), Box::new(magnitude))
                    },
                );
                self.assign_or_havoc(inst, e, name, body, at);
            }
            "llvm.fmuladd" => self.fmuladd(inst, body, at),
            _ if self.exact_float_call(inst, &base, body, at) => {}
            "llvm.expect" => {
                let e = self.opnd(arg(0), body, at);
                self.assign_or_havoc(inst, e, "llvm.expect", body, at);
            }
            "llvm.smax" | "llvm.smin" | "llvm.umax" | "llvm.umin" | "llvm.abs" | "llvm.fshl" | "llvm.fshr" => {
                let op = match base.as_str() {
                    "llvm.smax" => IntrOp::SMax,
                    "llvm.smin" => IntrOp::SMin,
                    "llvm.umax" => IntrOp::UMax,
                    "llvm.umin" => IntrOp::UMin,
                    "llvm.abs" => IntrOp::Abs,
                    "llvm.fshl" => IntrOp::Fshl,
                    _ => IntrOp::Fshr,
                };
                let n = match op {
                    IntrOp::Abs => 1,
                    IntrOp::Fshl | IntrOp::Fshr => 3,
                    _ => 2,
                };
                let args: Vec<Option<Expr>> = (0..n).map(|i| self.opnd(arg(i), body, at)).collect();
                let e = match (int_bits, args.iter().all(Option::is_some)) {
                    (Some(bits), true) => Some(Expr::Intr { op, bits, args: args.into_iter().flatten().collect() }),
                    _ => None,
                };
                self.assign_or_havoc(inst, e, name, body, at);
            }
            "llvm.scmp" | "llvm.ucmp" => {
                // LLVM 19's three-way compare: -1, 0 or 1, exactly.
                let signed = base == "llvm.scmp";
                let from = match llvm::value_ty(arg(0)) {
                    Ty::Int(b) if b > 1 => b,
                    _ => 0,
                };
                let (a, b) = (self.opnd(arg(0), body, at), self.opnd(arg(1), body, at));
                let e = match (int_bits, a, b) {
                    (Some(bits), Some(a), Some(b)) if from > 0 => Some(three_way(signed, from, bits, a, b)),
                    _ => None,
                };
                self.assign_or_havoc(inst, e, name, body, at);
            }
            _ if name.contains(".with.overflow.") => {} // see note_overflow_call
            "llvm.memset" | "llvm.memcpy" | "llvm.memmove" => {
                let set = base == "llvm.memset";
                let src = if set { None } else { Some(arg(1)) };
                let cells = self.mem_range(arg(0), src, arg(1), arg(2), body, at);
                let vars = self.region_vars(arg(0));
                match cells {
                    Some((m, e)) => body.push(Stmt::Assign(m, e)),
                    None if vars.is_empty() => {}
                    None if vars.len() > 1 || self.region_of(arg(0)).is_none() => {
                        match self.field_range(arg(0), src, arg(1), arg(2), body, at) {
                            Some(write) => body.push(write),
                            None => {
                                self.stats.other_havocs += 1;
                                for m in vars {
                                    body.push(Stmt::Havoc(m, HavocKind::Unmodelled { why: base.clone() }, at.clone()));
                                }
                            }
                        }
                    }
                    None if self.symbolic_range(arg(0), src, arg(1), arg(2), body, at) => {}
                    // a length or value the model does not know, or a
                    // region of several widths: the destination's cells
                    // become arbitrary (an over-approximation)
                    None => {
                        self.stats.other_havocs += 1;
                        for m in vars {
                            body.push(Stmt::Havoc(m, HavocKind::Unmodelled { why: base.clone() }, at.clone()));
                        }
                    }
                }
            }
            _ => {
                if self.result(inst).is_some() {
                    self.assign_or_havoc(inst, None, name, body, at);
                }
            }
        }
        Flow::Continue
    }
}

/// The `elem`-bit cell each of whose bytes is the low byte of `b`, as the
/// signed value of its pattern.
fn repeated_byte(b: i128, elem: u32) -> i128 {
    let v = (0..elem / 8).fold(0u128, |v, _| (v << 8) | (b as u128 & 0xff));
    (v << (128 - elem)) as i128 >> (128 - elem)
}

/// What a range loop writes: a byte repeated (an `i8` value), or the cells
/// of the range of the same length at another pointer.
enum Fill {
    Byte(Expr),
    Copy(Value),
}

/// The length of a range: bytes (any number), or a number of whole cells
/// below half the range of an address (`n * sizeof cell` as clang writes
/// `memset(a, 0, n * sizeof *a)`, see `whole_cells`; `calloc(n, sizeof
/// cell)`, which returns null where the size would wrap): then no count
/// wraps.
enum Length {
    Bytes(Expr),
    Cells(Expr),
}

/// The number of whole cells of `cell` (at least 2) bytes a length in
/// bytes counts, if it is (a zero extension of) `n * cell` or
/// `n << log2(cell)`: `n`, and the modulus the count is `n` modulo if the
/// product may wrap. With `nuw` it does not: the count is `n`, which is then
/// below half the range of its width. Without (clang at -O0 writes
/// `sext(n) * 4` for `n * sizeof(int)`), a `w`-bit product is still a whole
/// number of cells, `n mod 2^(w - log2(cell))` of them (exact).
fn whole_cells(len: Value, cell: i128) -> Option<(Value, Option<i128>)> {
    let inst = |v: Value, op| llvm::is_instruction(v) && llvm::opcode(v) == op;
    let product = if inst(len, LLVMOpcode::LLVMZExt) { llvm::operand(len, 0) } else { len };
    if cell < 2 || cell.count_ones() != 1 {
        return None;
    }
    let times = |k: i128| match llvm::opcode(product) {
        LLVMOpcode::LLVMMul => k == cell,
        LLVMOpcode::LLVMShl => (0..64).contains(&k) && 1i128 << k == cell,
        _ => false,
    };
    let exact = inst(product, LLVMOpcode::LLVMMul) || inst(product, LLVMOpcode::LLVMShl);
    if !(exact && llvm::const_int(llvm::operand(product, 1)).is_some_and(times)) {
        return None;
    }
    let width = match llvm::value_ty(product) {
        llvm::Ty::Int(w) if w <= 64 => w,
        _ => return None,
    };
    let shift = cell.trailing_zeros();
    let modulus = (!llvm::wrap_flags(product).1).then(|| 1i128 << (width - shift));
    Some((llvm::operand(product, 0), modulus))
}

/// Whether `n` is the sign extension of an integer whose values all lie in
/// `[-modulus, modulus)` (`sext i32 to i64` counting cells modulo `2^62`).
fn sign_extended_below(n: Value, modulus: i128) -> bool {
    llvm::is_instruction(n)
        && llvm::opcode(n) == LLVMOpcode::LLVMSExt
        && matches!(llvm::value_ty(llvm::operand(n, 0)), llvm::Ty::Int(w) if w <= 64 && (1i128 << (w - 1)) <= modulus)
}

/// A type holding floats the translation does not follow: a vector, array
/// or struct with floats as a value (in memory, a float's cells are its
/// bits), or a scalar float of no IEEE-754 width ufo reads (`ppc_fp128`).
fn unsupported_float(t: llvm_sys::prelude::LLVMTypeRef) -> bool {
    match llvm::ty(t) {
        Ty::Float => llvm::float_bits(t).is_none(),
        Ty::Vector | Ty::Aggregate => llvm::holds_float(t),
        _ => false,
    }
}

/// The bits `a` of a float of `sort` with its sign bit flipped (`Xor`: `-x`),
/// set (`Or`) or cleared (`And`: `fabs(x)`), exactly.
fn sign_bit_op(op: BinOp, a: Expr, sort: Sort) -> Expr {
    let bits = sort.width();
    // (constants as signed values of their width, as `const_int` reads them)
    let value = match op {
        BinOp::And => i128::MAX >> (128 - bits),
        _ => i128::MIN >> (128 - bits),
    };
    Expr::Bin { op, bits, nsw: false, nuw: false, a: Box::new(a), b: Box::new(Expr::Int { value, bits }) }
}

/// `e` of `from` bits as `to` bits: truncated, or widened by `extend`.
fn resize(e: Expr, from: u32, to: u32, extend: CastOp) -> Expr {
    match from.cmp(&to) {
        std::cmp::Ordering::Less => Expr::Cast { op: extend, from, to, a: Box::new(e) },
        std::cmp::Ordering::Greater => Expr::Cast { op: CastOp::Trunc, from, to, a: Box::new(e) },
        std::cmp::Ordering::Equal => e,
    }
}

/// The most cells a `memset`/`memcpy` of a constant length writes one by
/// one; a longer one havocs its destination.
const MAX_RANGE_CELLS: i128 = 256;

/// Functions that return a new block.
fn is_allocation(name: &str) -> bool {
    matches!(name, "malloc" | "calloc" | "realloc" | "alloca")
}

/// An access's width as a report says it: `4 bytes`, or `bytes` where it
/// is not a constant.
fn bytes_text(n: &Expr) -> String {
    match n {
        Expr::Int { value, .. } => format!("{value} bytes"),
        _ => "bytes".to_string(),
    }
}

/// `root` as `select(c, null, q)` or `select(c, q, null)`: `c`, whether `c`
/// picks null, and `q`.
fn null_select(root: Value) -> Option<(Value, bool, Value)> {
    if !llvm::is_instruction(root) || llvm::opcode(root) != LLVMOpcode::LLVMSelect {
        return None;
    }
    let (c, a, b) = (llvm::operand(root, 0), llvm::operand(root, 1), llvm::operand(root, 2));
    let is_null = |v| unsafe { llvm_sys::core::LLVMIsNull(v) != 0 };
    match (is_null(a), is_null(b)) {
        (true, false) => Some((c, true, b)),
        (false, true) => Some((c, false, a)),
        _ => None,
    }
}

/// `e` zero-extended to `bits` (a pointer's width), if it is an integer
/// wider than a boolean.
fn widened(e: Expr, bits: u32) -> Option<Expr> {
    let w = e.sort().width();
    (w > 1).then(|| resize(e, w, bits, CastOp::Zext))
}

/// `llvm.scmp`/`llvm.ucmp` of `from`-bit operands as a `bits`-bit result:
/// `a < b ? -1 : a > b ? 1 : 0`.
fn three_way(signed: bool, from: u32, bits: u32, a: Expr, b: Expr) -> Expr {
    let (lt, gt) = if signed { (CmpPred::Slt, CmpPred::Sgt) } else { (CmpPred::Ult, CmpPred::Ugt) };
    let cmp = |pred| Expr::Cmp { pred, bits: from, a: Box::new(a.clone()), b: Box::new(b.clone()) };
    let int = |value| Expr::Int { value, bits };
    Expr::Ite(
        Box::new(cmp(lt)),
        Box::new(int(-1)),
        Box::new(Expr::Ite(Box::new(cmp(gt)), Box::new(int(1)), Box::new(int(0)))),
    )
}

/// The pointer value `p` is derived from through `getelementptr`s, casts,
/// and the φs and selects whose operands all derive from one value (or from
/// the φ itself: a loop's pointer walking an object), if there is one. In C,
/// two pointers of one root point into the same object (or one past its
/// end: further is undefined), where the model's addresses are exact.
fn pointer_root(p: Value) -> Option<Value> {
    /// What a value derives from: one root, or only the φs being visited
    /// (or null).
    #[derive(Clone, Copy, PartialEq)]
    enum Root {
        Of(Value),
        Visiting,
    }
    /// (`budget`: the values a query may look at; a comparison is made for
    /// every pointer `icmp`, and φs over φs could make the walk exponential)
    fn go(v: Value, visiting: &mut Vec<Value>, budget: &mut u32) -> Option<Root> {
        if visiting.contains(&v) {
            return Some(Root::Visiting);
        }
        *budget = budget.checked_sub(1)?;
        // (null is no object's address, in the model as in C: a pointer
        // that is null or derived from one root compares as the root's)
        if unsafe { llvm_sys::core::LLVMIsNull(v) != 0 } {
            return Some(Root::Visiting);
        }
        if !llvm::is_instruction(v) {
            return Some(Root::Of(v));
        }
        let operands: Vec<Value> = match llvm::opcode(v) {
            LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {
                return go(llvm::operand(v, 0), visiting, budget);
            }
            LLVMOpcode::LLVMPHI => llvm::incoming(v).into_iter().map(|(x, _)| x).collect(),
            LLVMOpcode::LLVMSelect => vec![llvm::operand(v, 1), llvm::operand(v, 2)],
            _ => return Some(Root::Of(v)),
        };
        visiting.push(v);
        let mut root = Some(Root::Visiting);
        for x in operands {
            root = match (root, go(x, visiting, budget)) {
                (_, None) | (None, _) => None,
                (r, Some(Root::Visiting)) => r,
                (Some(Root::Visiting), r) => r,
                (Some(a), Some(b)) => (a == b).then_some(a),
            };
            if root.is_none() {
                break;
            }
        }
        visiting.pop();
        root
    }
    match go(p, &mut Vec::new(), &mut 256)? {
        Root::Of(r) => Some(r),
        Root::Visiting => None,
    }
}
