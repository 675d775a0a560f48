//! The inputs a real C program reads (DESIGN.md "Builtins"), as the frontend
//! models them: which calls are inputs ([`input_call`]), the rewrite of
//! `scanf` on standard input before `mem2reg` ([`model_inputs`]), and the
//! characters of `argv` as byte arrays after it ([`model_argv`], issue 49).
//!
//! `scanf("%d", &n)` passes `&n` to an external function, so `n` would stay in
//! memory and every load of it would be an unrelated fresh value. When every
//! conversion of the (constant) format is an integer, a character or a float
//! (`program_inputs::parse_scanf`), the call is replaced by
//!
//! ```text
//! r  = __ufo_scanf_result(fmt, n)        ; in [-1, n]: conversions assigned, or EOF
//! v0 = __ufo_scanf_value.iN(fmt, 0)     ; one per conversion (N its bits), suppressed ones included
//! *p0 = r > 0 ? v0 : *p0                 ; conversion j assigns iff r > j
//! ```
//!
//! which over-approximates every outcome of the real call (any value, any
//! number of conversions, end of input) and leaves `n` promotable. ufo's input
//! functions are opaque external calls, so LLVM neither merges nor reorders
//! them. Every other call keeps its meaning: an external call.

use super::llvm::{self, build_call, declare, Value};
use super::{DataModel, FrontendOptions};
use crate::program_inputs::{assigned, parse_scanf, Directive};
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

/// ufo's function for the result of a modelled `scanf`.
const SCANF_RESULT: &str = "__ufo_scanf_result";
/// ufo's function for the value of one conversion of a modelled `scanf`.
const SCANF_VALUE: &str = "__ufo_scanf_value";
/// The value function of a conversion of `bits` bits: `__ufo_scanf_value.iN`
/// returns exactly the conversion's width (a 64-bit value truncated to an
/// `int` became, after instcombine, a 64-bit shift and mask that `lia`
/// approximates: `malloc(n * sizeof(int))` with `n` read by `%d`).
fn scanf_value_fn(bits: u32) -> String {
    format!("{SCANF_VALUE}.i{bits}")
}

fn is_scanf_value(name: &str) -> bool {
    name == SCANF_VALUE || name.strip_prefix(SCANF_VALUE).is_some_and(|r| r.starts_with(".i"))
}

/// `RAND_MAX` of glibc and musl: `rand` and `random` return `[0, RAND_MAX]`.
const RAND_MAX: i128 = 2147483647;

/// A call that is an input of the program.
pub enum InputCall {
    /// The result of a modelled `scanf` with this format and number of assigning conversions.
    ScanfResult { format: String, conversions: usize },
    /// The value of conversion `index` of a modelled `scanf`.
    ScanfValue { format: String, index: usize },
    /// A byte read from standard input, or -1.
    StdinChar,
    /// What `read(0, buf, n)` returned, within `[-1, n]`.
    StdinRead { max: i128 },
    /// A C library function whose result the harness supplies, within `range`.
    Library { range: Option<(i128, i128)> },
    /// Byte `pos` of the command-line argument `argv[index]` ([`model_argv`]).
    ArgvByte { index: usize, pos: usize },
    /// The length of `argv[index]` ([`model_argv`]; `argv[0]`'s is the
    /// program name's, no input).
    ArgvLength { index: usize },
}

/// Is the call `inst` to `name` an input of the program?
pub fn input_call(name: &str, inst: Value) -> Option<InputCall> {
    let arg = |i: u32| (llvm::call_arg_count(inst) > i).then(|| llvm::operand(inst, i));
    let format = || arg(0).and_then(llvm::const_c_string);
    let int = |i: u32| arg(i).and_then(llvm::const_int).map(|v| v.max(0) as usize);
    match name {
        SCANF_RESULT => Some(InputCall::ScanfResult { format: format()?, conversions: int(1)? }),
        _ if is_scanf_value(name) => Some(InputCall::ScanfValue { format: format()?, index: int(1)? }),
        "getchar" | "getchar_unlocked" => Some(InputCall::StdinChar),
        "getc" | "fgetc" | "getc_unlocked" | "fgetc_unlocked" | "_IO_getc" if arg(0).is_some_and(is_stdin) => {
            Some(InputCall::StdinChar)
        }
        "read" if arg(0).and_then(llvm::const_int) == Some(0) => {
            Some(InputCall::StdinRead { max: arg(2).and_then(llvm::const_int).filter(|n| *n >= 0)? })
        }
        "rand" | "random" => Some(InputCall::Library { range: Some((0, RAND_MAX)) }),
        "time" => Some(InputCall::Library { range: None }),
        ARGV_BYTE => Some(InputCall::ArgvByte { index: int(0)?, pos: int(1)? }),
        ARGV_LENGTH => Some(InputCall::ArgvLength { index: int(0)? }),
        _ => None,
    }
}

/// If the call `inst` to `name` reads a number from a command-line argument —
/// `atoi(argv[i])`, `atol`, `atoll`, `strtol(argv[i], NULL, 10)`, `strtoll` — the
/// index `i` (at least 1); `argv` is `main`'s second parameter.
pub fn argv_number(name: &str, inst: Value, argv: Value) -> Option<usize> {
    let decimal = match name {
        "atoi" | "atol" | "atoll" => llvm::call_arg_count(inst) >= 1,
        // (with a null `endptr`: the number alone is the input; a program
        // that reads `*endptr` reads the argument's bytes, through the model)
        "strtol" | "strtoll" => {
            llvm::call_arg_count(inst) >= 3
                && llvm::const_int(llvm::operand(inst, 2)) == Some(10)
                && unsafe { llvm_sys::core::LLVMIsNull(llvm::operand(inst, 1)) != 0 }
        }
        _ => false,
    };
    if !decimal {
        return None;
    }
    let s = llvm::operand(inst, 0);
    if !llvm::is_instruction(s) || llvm::opcode(s) != LLVMOpcode::LLVMLoad {
        return None;
    }
    let addr = llvm::operand(s, 0);
    if !llvm::is_instruction(addr) || llvm::num_operands(addr) < 1 || llvm::operand(addr, 0) != argv {
        return None;
    }
    // The element's byte offset over the pointer size: the GEP may index
    // pointers (clang 14, -O0) or bytes (clang 19 -O2 canonicalizes to i8).
    let offset = llvm::gep_byte_offset(addr)?;
    let size = i128::from(llvm::pointer_size(addr)).max(1);
    let index = (offset % size == 0).then_some(offset / size)?;
    (index >= 1).then_some(index as usize)
}

/// If `v` is the result of `getenv(NAME)` with a constant name, the name.
pub fn getenv_name(v: Value) -> Option<String> {
    let call = llvm::is_instruction(v)
        && llvm::opcode(v) == LLVMOpcode::LLVMCall
        && llvm::call_arg_count(v) >= 1
        && matches!(llvm::name(llvm::called_value(v)).as_str(), "getenv" | "secure_getenv");
    call.then(|| llvm::const_c_string(llvm::operand(v, 0))).flatten()
}

/// Is `v` the result of `fgets(.., .., stdin)` (seen through pointer casts)?
pub fn is_fgets_stdin(mut v: Value) -> bool {
    while llvm::is_instruction(v) && llvm::opcode(v) == LLVMOpcode::LLVMBitCast {
        v = llvm::operand(v, 0);
    }
    llvm::is_instruction(v)
        && llvm::opcode(v) == LLVMOpcode::LLVMCall
        && llvm::call_arg_count(v) >= 3
        && matches!(llvm::name(llvm::called_value(v)).as_str(), "fgets" | "fgets_unlocked")
        && is_stdin(llvm::operand(v, 2))
}

/// Is `v` the C library's `stdin` (a load of the global `stdin`)?
fn is_stdin(v: Value) -> bool {
    llvm::is_instruction(v) && llvm::opcode(v) == LLVMOpcode::LLVMLoad && llvm::name(llvm::operand(v, 0)) == "stdin"
}

/// The calls of `scanf` on standard input in `entry`: the call, its format
/// operand and the index of the first pointer argument.
fn scanf_calls(entry: FunctionValue) -> Vec<(Value, u32)> {
    let mut out = Vec::new();
    for bb in llvm::blocks(entry.as_value_ref()) {
        for inst in llvm::instructions(bb) {
            if llvm::opcode(inst) != LLVMOpcode::LLVMCall {
                continue;
            }
            let callee = llvm::called_value(inst);
            if !llvm::is_function(callee) || !llvm::is_declaration(callee) {
                continue;
            }
            let format_at = match llvm::name(callee).as_str() {
                "scanf" | "__isoc99_scanf" | "__isoc23_scanf" => 0,
                "fscanf" | "__isoc99_fscanf" | "__isoc23_fscanf" if is_stdin(llvm::operand(inst, 0)) => 1,
                _ => continue,
            };
            if llvm::call_arg_count(inst) > format_at {
                out.push((inst, format_at));
            }
        }
    }
    out
}

/// Rewrites every `scanf` on standard input whose format ufo models (see the
/// module docs); other calls stay as they are.
pub fn model_inputs(module: &Module, entry: FunctionValue, opts: &FrontendOptions) {
    let long_bits = if opts.data_model == DataModel::Ilp32 { 32 } else { 64 };
    let calls = scanf_calls(entry);
    if calls.is_empty() {
        return;
    }
    unsafe {
        let m = module.as_mut_ptr();
        let ctx = LLVMGetModuleContext(m);
        let builder = LLVMCreateBuilderInContext(ctx);
        for (call, format_at) in calls {
            let fmt = llvm::operand(call, format_at);
            let Some(directives) = llvm::const_c_string(fmt).and_then(|f| parse_scanf(&f, long_bits)) else {
                continue;
            };
            let convs: Vec<(u32, bool)> = directives
                .iter()
                .filter_map(|d| match d {
                    Directive::Convert { bits, assigns, .. } => Some((*bits, *assigns)),
                    _ => None,
                })
                .collect();
            let n = assigned(&directives);
            if llvm::call_arg_count(call) != format_at + 1 + n as u32 {
                continue; // missing or extra pointer arguments: leave it external
            }
            LLVMPositionBuilderBefore(builder, call);
            LLVMSetCurrentDebugLocation2(builder, llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(call));
            let i32t = LLVMInt32TypeInContext(ctx);
            let fmt_ty = LLVMTypeOf(fmt);
            let result_fn = declare(m, SCANF_RESULT, i32t, &[fmt_ty, i32t]);
            let args = [fmt, LLVMConstInt(i32t, n as u64, 0)];
            let r = build_call(builder, result_fn, &args, "scanf.result");
            let mut target = format_at + 1;
            let mut assigned_before = 0u64;
            for (index, (bits, assigns)) in convs.into_iter().enumerate() {
                let ty = LLVMIntTypeInContext(ctx, bits);
                let value_fn = declare(m, &scanf_value_fn(bits), ty, &[fmt_ty, i32t]);
                let args = [fmt, LLVMConstInt(i32t, index as u64, 0)];
                let v = build_call(builder, value_fn, &args, "scanf.value");
                if !assigns {
                    continue;
                }
                let ptr = llvm::operand(call, target);
                let addr_space = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
                let ptr = LLVMBuildPointerCast(builder, ptr, LLVMPointerType(ty, addr_space), c"".as_ptr());
                let old = LLVMBuildLoad2(builder, ty, ptr, c"scanf.old".as_ptr());
                let k = LLVMConstInt(i32t, assigned_before, 0);
                let ok = LLVMBuildICmp(builder, LLVMIntPredicate::LLVMIntSGT, r, k, c"".as_ptr());
                let new = LLVMBuildSelect(builder, ok, v, old, c"scanf.new".as_ptr());
                LLVMBuildStore(builder, new, ptr);
                target += 1;
                assigned_before += 1;
            }
            LLVMReplaceAllUsesWith(call, r);
            LLVMInstructionEraseFromParent(call);
        }
        LLVMDisposeBuilder(builder);
    }
}

/// ufo's function for a byte of a command-line argument:
/// `__ufo_argv_byte(k, j)` is `argv[k][j]`.
const ARGV_BYTE: &str = "__ufo_argv_byte";

/// ufo's function for the end of a command-line argument:
/// `__ufo_argv_length(k)` is where the NUL of `argv[k]` is (a NUL among
/// its bytes before may end it earlier), in `[0, MAX_ARGUMENT_LENGTH]`.
pub const ARGV_LENGTH: &str = "__ufo_argv_length";

/// The name of the model's row of `argv[k]`: `__ufo_arg{k}`.
const ARGV_ROW: &str = "__ufo_arg";

/// The name of the model's table of `argv` ([`model_argv`]).
const ARGV_TABLE: &str = "__ufo_argv";

/// If `v` is the model's row of the command-line argument `argv[k]`
/// ([`model_argv`]): `k`.
pub fn argv_row(v: Value) -> Option<usize> {
    let global = unsafe { !LLVMIsAGlobalVariable(v).is_null() };
    global.then(|| llvm::name(v)).and_then(|n| n.strip_prefix(ARGV_ROW)?.parse().ok())
}

/// Is `v` the model's table of `argv` ([`model_argv`])?
pub fn is_argv_table(v: Value) -> bool {
    let global = unsafe { !LLVMIsAGlobalVariable(v).is_null() };
    global && llvm::name(v) == ARGV_TABLE
}

/// Bytes of each command-line argument the model follows; the cells past
/// them up to its length are arbitrary.
pub const ARGV_LEN: u64 = 8;

/// Arguments the model follows where `argv`'s index is not a constant.
pub const ARGV_ROWS: u64 = 3;

/// Command-line arguments as byte arrays (issue 49). Where `main` reads the
/// characters of `argv` (not only `atoi(argv[i])`, which [`argv_number`]
/// models as a number), its parameter becomes the global table
///
/// ```text
/// @__ufo_argv = [R + 1 x ptr] { @__ufo_arg0, @__ufo_arg1, ..., @__ufo_argR }
/// @__ufo_argK = [MAX_ARGUMENT_LENGTH + 1 x i8]
///   argK[j] = __ufo_argv_byte(K, j)          ; j < ARGV_LEN, an input
///   n = __ufo_argv_length(K); argK[n] = 0    ; its end, an input
/// argv[argc] = null
/// ```
///
/// R is the largest constant index `main` loads (else [`ARGV_ROWS`]). Each
/// row holds the longest argument Linux passes, so that no argument is cut
/// short (an access past a shorter row would be undefined behaviour, which
/// the optimizer may assume away); its bytes from [`ARGV_LEN`] to its
/// length, the program name's, and the table's cells past its R + 1 rows
/// are arbitrary (so `argv[k]` for `R < k < argc` is a string too): every
/// command line is one of the model's (the model over-approximates), and a
/// counterexample's arguments are its rows up to their length, `x`s where
/// the model follows no byte (`program_inputs::RunInputs::of`). Under
/// `memsafety` a row is an object of its length and its NUL, the table one
/// of `argc + 1` pointers (`memsafety::object_of`). Runs after `mem2reg`,
/// so that the parameter's uses are SSA.
#[allow(deprecated)]
pub fn model_argv(module: &Module, entry: FunctionValue) {
    // (LLVM 14's pointers are typed: its plugin keeps the model of before)
    if cfg!(feature = "llvm14") {
        return;
    }
    unsafe {
        let f = entry.as_value_ref();
        // (a `main` that calls itself would store its `argv[argc]` into its
        // caller's table)
        if LLVMCountParams(f) < 2 || !LLVMGetFirstUse(f).is_null() {
            return;
        }
        let (argc, argv) = (LLVMGetParam(f, 0), LLVMGetParam(f, 1));
        if LLVMGetTypeKind(LLVMTypeOf(argv)) != llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
            || !matches!(llvm::value_ty(argc), llvm::Ty::Int(1..=64))
        {
            return;
        }
        // the rows `main` loads, whether they are all `atoi(argv[i])`, and
        // whether `argv` is only read (each use a load of a constant row)
        let mut rows = 0u64;
        let mut only_numbers = true;
        let mut row_loads: Vec<(u64, Value)> = Vec::new();
        let mut read_only = true;
        // (`memsafety`'s checks read nothing: `__ufo_access(argv + k, 8)`)
        let check = |v: &Value| {
            llvm::is_instruction(*v)
                && llvm::opcode(*v) == LLVMOpcode::LLVMCall
                && llvm::name(llvm::called_value(*v)) == super::builtins::ACCESS
        };
        for u in llvm::users(argv).into_iter().filter(|u| !check(u)) {
            let (index, loads) = if llvm::is_instruction(u) && llvm::opcode(u) == LLVMOpcode::LLVMLoad {
                (Some(0), vec![u])
            } else if let Some(offset) = llvm::gep_byte_offset(u).filter(|_| llvm::operand(u, 0) == argv) {
                let size = i128::from(llvm::pointer_size(u)).max(1);
                let index = (offset % size == 0 && offset >= 0).then(|| (offset / size) as u64);
                let loads: Vec<Value> = llvm::users(u).into_iter().filter(|l| !check(l)).collect();
                let all_loads =
                    loads.iter().all(|l| llvm::is_instruction(*l) && llvm::opcode(*l) == LLVMOpcode::LLVMLoad);
                (index.filter(|_| all_loads), loads)
            } else {
                (None, Vec::new())
            };
            match index {
                Some(i) => {
                    rows = rows.max(i);
                    read_only &= loads.iter().all(|l| llvm::value_ty(*l) == llvm::Ty::Pointer);
                    row_loads.extend(loads.iter().map(|l| (i, *l)));
                }
                None => {
                    rows = rows.max(ARGV_ROWS);
                    read_only = false;
                }
            }
            let numbers = index.is_some()
                && loads.iter().all(|l| {
                    llvm::users(*l).iter().all(|c| {
                        llvm::is_instruction(*c)
                            && llvm::opcode(*c) == LLVMOpcode::LLVMCall
                            && argv_number(&llvm::name(llvm::called_value(*c)), *c, argv).is_some()
                    })
                });
            only_numbers &= numbers;
        }
        if only_numbers {
            return;
        }
        let rows = rows.clamp(1, 64);
        let m = module.as_mut_ptr();
        let ctx = LLVMGetModuleContext(m);
        let (i8t, i32t, i64t) = (LLVMInt8TypeInContext(ctx), LLVMInt32TypeInContext(ctx), LLVMInt64TypeInContext(ctx));
        let ptr = LLVMTypeOf(argv);
        let row_ty = LLVMArrayType(i8t, (crate::program_inputs::MAX_ARGUMENT_LENGTH + 1) as u32);
        let global = |name: &str, ty: LLVMTypeRef, init: LLVMValueRef| {
            let cname = std::ffi::CString::new(name).unwrap_or_default();
            let g = LLVMAddGlobal(m, ty, cname.as_ptr());
            LLVMSetInitializer(g, init);
            LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMInternalLinkage);
            g
        };
        let row_globals: Vec<LLVMValueRef> =
            (0..=rows).map(|k| global(&format!("{ARGV_ROW}{k}"), row_ty, LLVMConstNull(row_ty))).collect();
        // (no NULL after them: the table's cells past its rows are arbitrary,
        // and `argv[argc]` is the one NULL, stored below)
        let mut entries: Vec<LLVMValueRef> = row_globals.clone();
        let table_ty = LLVMArrayType(ptr, entries.len() as u32);
        let table = global(ARGV_TABLE, table_ty, LLVMConstArray(ptr, entries.as_mut_ptr(), entries.len() as u32));
        let builder = LLVMCreateBuilderInContext(ctx);
        let first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
        LLVMPositionBuilderBefore(builder, first);
        let byte_fn = declare(m, ARGV_BYTE, i8t, &[i32t, i32t]);
        let any_fn = declare(m, super::models::ANY_INT, i32t, &[]);
        let length_fn = declare(m, ARGV_LENGTH, i64t, &[i32t]);
        let at = |row: LLVMValueRef, j: LLVMValueRef| {
            let mut idx = [j];
            LLVMBuildGEP2(builder, i8t, row, idx.as_mut_ptr(), 1, c"".as_ptr())
        };
        // (where the table is only read, the rows `main` does not load are
        // never read: their bytes stay arbitrary)
        let loaded: std::collections::BTreeSet<u64> = row_loads.iter().map(|(k, _)| *k).collect();
        for (k, row) in row_globals.iter().enumerate() {
            if read_only && !loaded.contains(&(k as u64)) {
                continue;
            }
            for j in 0..ARGV_LEN {
                // (the program name is no input: its bytes are free)
                let byte = if k == 0 {
                    let v = build_call(builder, any_fn, &[], "arg0.byte");
                    LLVMBuildTrunc(builder, v, i8t, c"".as_ptr())
                } else {
                    let args = [LLVMConstInt(i32t, k as u64, 0), LLVMConstInt(i32t, j, 0)];
                    build_call(builder, byte_fn, &args, "argv.byte")
                };
                LLVMBuildStore(builder, byte, at(*row, LLVMConstInt(i64t, j, 0)));
            }
            let n = build_call(builder, length_fn, &[LLVMConstInt(i32t, k as u64, 0)], "argv.length");
            LLVMBuildStore(builder, LLVMConstInt(i8t, 0, 0), at(*row, n));
        }
        let n = LLVMBuildIntCast2(builder, argc, i64t, 1, c"".as_ptr());
        let mut idx = [n];
        let end = LLVMBuildGEP2(builder, ptr, table, idx.as_mut_ptr(), 1, c"argv.end".as_ptr());
        LLVMBuildStore(builder, LLVMConstNull(ptr), end);
        // Where nothing writes the table, `argv[k]` is one value:
        // `argc == k ? NULL : @__ufo_argK`, what the table holds; two loads
        // of it are then one pointer (`strtol`'s end compared with a second
        // load of `argv[1]` at -O0: `translate::pointer_root`).
        if read_only {
            let mut values: std::collections::BTreeMap<u64, LLVMValueRef> = Default::default();
            for (k, load) in row_loads.into_iter().filter(|(k, _)| *k <= rows) {
                let v = *values.entry(k).or_insert_with(|| {
                    let row = row_globals[k as usize];
                    if k == 0 {
                        return row; // (argc >= 1)
                    }
                    let at_end =
                        LLVMBuildICmp(builder, LLVMIntPredicate::LLVMIntEQ, n, LLVMConstInt(i64t, k, 0), c"".as_ptr());
                    LLVMBuildSelect(builder, at_end, LLVMConstNull(ptr), row, c"argv.row".as_ptr())
                });
                LLVMReplaceAllUsesWith(load, v);
                LLVMInstructionEraseFromParent(load);
            }
        }
        LLVMDisposeBuilder(builder);
        LLVMReplaceAllUsesWith(argv, table);
    }
}

/// After the argument model ([`model_argv`]): every call of a function
/// modelled late (`models::LATE`) that the translation does not read as a
/// command-line number ([`argv_number`]) calls its late model instead, and
/// the late models become internal (and are always inlined). Returns whether the module has late
/// models (then the caller inlines them).
pub fn redirect_late(module: &Module, entry: FunctionValue) -> bool {
    let late: Vec<FunctionValue> = module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0 && super::models::is_late(&f.get_name().to_string_lossy()))
        .collect();
    if late.is_empty() {
        return false;
    }
    let argv = (entry.count_params() >= 2).then(|| unsafe { LLVMGetParam(entry.as_value_ref(), 1) });
    for model in &late {
        let model_name = model.get_name().to_string_lossy().into_owned();
        let name = &model_name[super::models::LATE_PREFIX.len()..];
        let Some(f) = module.get_function(name) else {
            continue;
        };
        for call in llvm::users(f.as_value_ref()) {
            // (a call of another prototype, `int atoi()` of old C, stays
            // the unknown function's: the inliner would not inline it)
            let redirect = llvm::is_instruction(call)
                && llvm::opcode(call) == LLVMOpcode::LLVMCall
                && llvm::called_value(call) == f.as_value_ref()
                && unsafe { LLVMGetCalledFunctionType(call) == LLVMGlobalGetValueType(model.as_value_ref()) }
                && argv.and_then(|a| argv_number(name, call, a)).is_none();
            if redirect {
                unsafe { LLVMSetOperand(call, llvm::num_operands(call) - 1, model.as_value_ref()) };
            }
        }
        model.set_linkage(Linkage::Internal);
    }
    true
}
