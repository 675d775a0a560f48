//! The program model: the contract between the frontend and every engine
//! (DESIGN.md "Program model"; the program tuple `(L, Δ, en, err, Var)` of
//! papers/ufo-under-over-approximations.txt §3).
//!
//! Architecture invariant: this module knows nothing about LLVM or Z3. Integer
//! operations keep LLVM's meaning exactly (bit width, `nsw`/`nuw`/`exact` flags,
//! signedness of the operation); how they become formulas is decided by
//! `smt::lower` under one integer semantics, and [`eval`] restates that meaning
//! on concrete values (the reference the abstract domains are tested against).

pub mod eval;
mod expr;
pub mod float;
mod print;
pub mod procedures;
pub mod wp;

pub use expr::{ArithOp, BinOp, CastOp, CmpPred, Expr, IntrOp, Rel};
pub use float::{FloatFormat, FloatOp, Rounding};

use crate::error::SrcLoc;
use serde::{Deserialize, Serialize};

/// How machine integers become SMT terms (`--int`): the meaning of the
/// model's integers that `smt::lower` encodes and [`eval`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
pub enum IntSemantics {
    /// Mathematical integers with every N-bit value kept in its range; wrapping
    /// arithmetic and unsigned operations encoded exactly; anything not encodable
    /// exactly becomes a fresh in-range value (counted).
    Lia,
    /// Bit-precise: Z3 bit-vectors.
    Bv,
    /// Unbounded integers, no wrap-around: UFO's original semantics. Unsound for
    /// programs that overflow; every answer says so.
    Math,
}

impl IntSemantics {
    pub fn as_str(self) -> &'static str {
        match self {
            IntSemantics::Lia => "lia",
            IntSemantics::Bv => "bv",
            IntSemantics::Math => "math",
        }
    }
}

/// Index of a variable in [`Program::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VarId(pub u32);

/// Index of a location in [`Program::locs`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LocId(pub u32);

/// Index of an edge in [`Program::edges`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeId(pub u32);

/// The sort of a variable or expression. Integers are signedness-agnostic bit
/// patterns of `bits` bits (LLVM `iN`, N > 1); `i1` is `Bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sort {
    Bool,
    Int {
        bits: u32,
    },
    /// A mathematical (unbounded) integer. Never a program variable's sort:
    /// it is the sort of certificate terms under `lia`/`math` (`x + 2*y <= 5`)
    /// and of the numeric values the abstract domains speak about.
    Num,
    /// A memory region (DESIGN.md "Memory"): cells of `elem` bits at
    /// `index`-bit offsets (an SMT array). Never a value a register holds.
    Array {
        index: u32,
        elem: u32,
    },
}

impl Sort {
    /// The bit width of a value of this sort: 1 for `Bool`, 0 for `Num` and
    /// `Array`.
    pub fn width(self) -> u32 {
        match self {
            Sort::Bool => 1,
            Sort::Int { bits } => bits,
            Sort::Num | Sort::Array { .. } => 0,
        }
    }
}

/// A program variable: an SSA value or a promoted global.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Var {
    /// Unique name (the SSA name, made unique).
    pub name: String,
    pub sort: Sort,
    /// Source variable name from debug info, if any.
    pub src_name: Option<String>,
    /// The format of the float whose bits it holds, if it holds one
    /// (reports print its value as a C literal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub float: Option<FloatFormat>,
}

/// Why a variable gets an arbitrary value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HavocKind {
    /// A call to `__VERIFIER_nondet_*` or another input of the program (`func`
    /// names it for the user): part of a trace, supplied on replay as `source` says.
    Nondet { func: String, source: InputSource },
    /// A value ufo does not model (memory load, unknown external result, undef):
    /// an over-approximation.
    Unmodelled { why: String },
    /// What a call of a procedure that stays recursive returns (issue 44;
    /// [`procedures`]): only in the programs of [`Program::procedures`],
    /// where the procedure's summary relates it to `args` (the argument
    /// values, in parameter order).
    Summary { function: String, args: Vec<Expr> },
    /// The result of a floating-point operation on `args` (issue 50;
    /// [`float`]): exact under `bv`, a fresh value of the sort under `lia`
    /// and `math`, a havoc to an engine that does not read it. `format` is
    /// the operands' format (the result's for `FromInt`).
    Float { op: FloatOp, format: FloatFormat, args: Vec<Expr> },
}

/// Where an input of the program comes from, and so how a replay supplies it
/// (DESIGN.md "Builtins": the inputs a real program reads).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InputSource {
    /// A `__VERIFIER_nondet_*` call or an argument of a non-`main` entry: the
    /// harness returns it.
    Nondet,
    /// `main`'s `argc`: the program is run with `argc - 1` arguments.
    Argc,
    /// What a `scanf`-family call on standard input returns for `format`:
    /// the number of conversions assigned, or -1 at the end of the input.
    ScanfResult { format: String },
    /// The value conversion `index` (counted from 0, suppressed ones
    /// included) of that call read.
    ScanfValue { format: String, index: usize },
    /// A byte `getchar`/`getc`/`fgetc` read from standard input; -1 is its end.
    StdinChar,
    /// What `read(0, buf, n)` returned: bytes read (at most `n`), 0 at the
    /// end of the input, -1 on an error.
    StdinRead,
    /// Whether `fgets(.., stdin)` read a line (1) or found the end of the
    /// input (0): recorded where its result is compared with NULL.
    StdinLine,
    /// Whether the environment variable `name` is set (1) or not (0), as
    /// `getenv(name)` compared with NULL sees it: the replay sets it (to "1")
    /// or removes it.
    Env { name: String },
    /// The number `atoi`/`atol`/`strtol(.., 10)` read from the command-line
    /// argument `argv[index]`: the replay passes it as that argument.
    ArgvNumber { index: usize },
    /// Byte `pos` of the command-line argument `argv[index]` (`index` at
    /// least 1): the replay passes the argument's bytes up to the first NUL.
    ArgvByte { index: usize, pos: usize },
    /// The length of the command-line argument `argv[index]`: the model's
    /// string ends there (a NUL; bytes before it may end it earlier). The
    /// replay passes an argument of that length: its `ArgvByte`s, then
    /// `x`s where the model follows no byte.
    ArgvLength { index: usize },
    /// What a C library function returned (`rand`, `random`, `time`): the
    /// harness returns it in place of the library's.
    Library { function: String },
    /// What a function the program declares and neither it nor the C
    /// library defines returned (HOLA's `unknown1()`, an environment's
    /// `read_sensor()`): an input of the environment, `bits` wide, that the
    /// harness's definition of `function` returns.
    External { function: String, bits: u32 },
}

impl InputSource {
    /// Does the harness supply this input (rather than the arguments or
    /// standard input of the run)?
    pub fn from_harness(&self) -> bool {
        matches!(self, InputSource::Nondet | InputSource::Library { .. } | InputSource::External { .. })
    }
}

/// A straight-line statement of an edge body.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Stmt {
    Assign(VarId, Expr),
    Assume(Expr),
    Havoc(VarId, HavocKind, SrcLoc),
    /// Simultaneous assignment (the phi nodes of the target block).
    Parallel(Vec<(VarId, Expr)>),
}

/// A control location (one per basic block, plus the error location).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Location {
    pub name: String,
    pub src: SrcLoc,
    /// The variables live into this location, sorted: labels and invariants at this
    /// location range over exactly these.
    pub live: Vec<VarId>,
    /// The source variables whose value a program variable holds on entry to
    /// this location (from debug info), as `(variable, source name)`.
    pub src_vars: Vec<(VarId, String)>,
    /// Where the source loop this location heads starts (its `while`, `for`
    /// or `do`), from clang's `llvm.loop` metadata on the loop's latch.
    #[serde(default)]
    pub loop_start: Option<SrcLoc>,
}

/// An action `(src, body, dst)`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Edge {
    pub src: LocId,
    pub dst: LocId,
    pub body: Vec<Stmt>,
    /// Where the edge's branch (or the error call) is in the source.
    pub src_loc: SrcLoc,
    /// For an edge into the error location: which check fails on it.
    pub failure: Option<Failure>,
    /// The call sites, outermost first, of the inlined calls the edge's code
    /// is in (the call stack of a counterexample through it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<SrcLoc>,
}

/// The arguments and result of one inlined call (issue 44 §3): the call
/// sites from the entry function down to it (as [`Edge::calls`]), per
/// parameter of the callee in order, its source name and what it was given,
/// and what the call returned (`frontend::call_results`), where known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallArgs {
    pub calls: Vec<SrcLoc>,
    pub args: Vec<(String, ArgValue)>,
    #[serde(default)]
    pub result: Option<ArgValue>,
}

/// What an argument of an inlined call is in the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArgValue {
    Var(VarId),
    Const(i128),
}

/// The kind of failure of a call through a function pointer that is none of
/// the functions of its type whose address the program takes (a null or
/// dangling pointer: `frontend::indirect_calls`).
pub const INVALID_POINTER_CALL: &str = "function-pointer";

/// The failure kind of a signed overflow (`+ - *`, negation, `INT_MIN / -1`;
/// issue 51, a check the frontend compiles in: `frontend::builtins`).
pub const SIGNED_OVERFLOW: &str = "signed-overflow";
/// The failure kind of a shift past the width (or of a negative value).
pub const SHIFT: &str = "shift";
/// The failure kind of a division (or remainder) by zero or of `INT_MIN / -1`.
pub const DIVISION: &str = "division";

/// The SV-COMP property a failure of the kind `kind` violates, as SV-COMP's
/// verdicts name it (`false(no-overflow)`): `no-overflow` for the checks of
/// arithmetic, `unreach-call` for every check the program states.
pub fn svcomp_property(kind: &str) -> &'static str {
    match kind {
        SIGNED_OVERFLOW | SHIFT | DIVISION => "no-overflow",
        NULL_DEREF | USE_AFTER_FREE | OUT_OF_BOUNDS => "valid-deref",
        INVALID_FREE | DOUBLE_FREE => "valid-free",
        MEMORY_LEAK => "valid-memtrack",
        MEMORY_NOT_FREED => "valid-memcleanup",
        _ => "unreach-call",
    }
}

/// The failure kind of a dereference of a null pointer (SV-COMP `valid-deref`).
pub const NULL_DEREF: &str = "null-dereference";
/// The failure kind of an access to a freed block (`valid-deref`).
pub const USE_AFTER_FREE: &str = "use-after-free";
/// The failure kind of an access outside its object (`valid-deref`).
pub const OUT_OF_BOUNDS: &str = "out-of-bounds";
/// The failure kind of a `free` of what is not a block's start (`valid-free`).
pub const INVALID_FREE: &str = "invalid-free";
/// The failure kind of a `free` of a freed block (`valid-free`).
pub const DOUBLE_FREE: &str = "double-free";

/// The failure kind of a heap block not freed when the program ends
/// (`valid-memtrack`).
pub const MEMORY_LEAK: &str = "memory-leak";
/// The failure kind of a heap block not freed when the program ends, also
/// one a global still points to (`valid-memcleanup`).
pub const MEMORY_NOT_FREED: &str = "memory-not-freed";

/// The failure kinds of the checks the frontend compiles in (issue 51).
pub const INSTRUMENTED: [&str; 10] = [
    SIGNED_OVERFLOW,
    SHIFT,
    DIVISION,
    NULL_DEREF,
    USE_AFTER_FREE,
    OUT_OF_BOUNDS,
    INVALID_FREE,
    DOUBLE_FREE,
    MEMORY_LEAK,
    MEMORY_NOT_FREED,
];

/// What the failed check of the kind `kind` is, as a user reads it.
fn fault_text(kind: &str) -> Option<&'static str> {
    match kind {
        NULL_DEREF => Some("dereference of a null pointer"),
        USE_AFTER_FREE => Some("use of a freed block"),
        OUT_OF_BOUNDS => Some("access outside its object"),
        INVALID_FREE => Some("free of what is not a heap block's start"),
        DOUBLE_FREE => Some("free of a freed block"),
        MEMORY_LEAK => Some("heap block never freed"),
        MEMORY_NOT_FREED => Some("heap block not freed when the program ends"),
        SIGNED_OVERFLOW => Some("signed integer overflow"),
        SHIFT => Some("shift past the width of its type (or of a negative value)"),
        DIVISION => Some("division by zero (or INT_MIN / -1)"),
        _ => None,
    }
}

/// The check that fails on an edge into the error location: what a
/// counterexample reports as the bug.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// `assert` (a failing `assert()`), `reach_error`, `__VERIFIER_error`,
    /// `__VERIFIER_assert`, `trap` or `function-pointer` (a call through a
    /// pointer that is no function of its type: `frontend::indirect_calls`).
    pub kind: String,
    /// The condition text `assert()` passes to `__assert_fail`, if any.
    pub condition: Option<String>,
    /// The position the failing check names: for `assert()`, the file and line
    /// it passes; otherwise the call's position.
    pub at: SrcLoc,
}

/// What SAFE means for a program with these kinds of checks.
pub fn holds_text(kinds: &[String]) -> String {
    let faults: Vec<&str> = kinds.iter().filter_map(|k| fault_text(k)).collect();
    if !faults.is_empty() {
        let rest: Vec<String> = kinds.iter().filter(|k| fault_text(k).is_none()).cloned().collect();
        let faults = format!("no {}", faults.join(", no "));
        return if rest.is_empty() { faults } else { format!("{faults}, and {}", holds_text(&rest)) };
    }
    let errors: Vec<&String> = kinds
        .iter()
        .filter(|k| !matches!(k.as_str(), "assert" | "trap" | "__VERIFIER_assert" | INVALID_POINTER_CALL))
        .collect();
    if !kinds.is_empty() && errors.len() == kinds.len() {
        let names: Vec<String> = errors.iter().map(|k| format!("{k}()")).collect();
        format!("{} is unreachable", names.join(" and "))
    } else if kinds.iter().all(|k| k == "assert") {
        "no assertion fails".to_string()
    } else {
        format!("no check fails ({})", kinds.join(", "))
    }
}

impl Failure {
    /// The failure as a user reads it: "assertion `s != 45` failed", "reach_error() is reachable".
    pub fn describe(&self) -> String {
        if let Some(fault) = fault_text(&self.kind) {
            let article = if fault.starts_with(['a', 'e', 'i', 'o']) { "an" } else { "a" };
            return match &self.condition {
                Some(c) => format!("{article} {fault}: {c}"),
                None => format!("{article} {fault}"),
            };
        }
        match (self.kind.as_str(), &self.condition) {
            ("assert", Some(c)) => format!("assertion `{c}` fails"),
            ("assert", None) => "an assertion fails".to_string(),
            ("trap", _) => "a trap (__builtin_trap) is reachable".to_string(),
            (INVALID_POINTER_CALL, _) => "a call through an invalid function pointer is reachable".to_string(),
            ("__VERIFIER_assert", _) => "__VERIFIER_assert fails".to_string(),
            (k, _) => format!("{k}() is reachable"),
        }
    }
}

/// Counts of constructs the translation over-approximated.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TranslationStats {
    pub memory_loads: usize,
    pub unknown_calls: usize,
    pub undef_values: usize,
    pub other_havocs: usize,
    /// Floating-point operations (arithmetic, comparisons, conversions):
    /// each result is any value of its type.
    #[serde(default)]
    pub float_ops: usize,
    /// Names of unknown external functions whose results were made nondeterministic.
    pub unknown_functions: Vec<String>,
}

/// A function of the source program (from debug info, before inlining): where it
/// starts. Used to name the function a source position belongs to.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SourceFunction {
    pub name: String,
    pub file: String,
    pub line: u32,
}

/// A diagnostic of legacy C that was a warning, not an error, when ufo
/// compiled the program (`frontend::dialect`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relaxed {
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// Its warning group (`frontend::dialect::RELAXED`).
    pub diagnostic: String,
    /// clang's message.
    pub message: String,
}

impl std::fmt::Display for Relaxed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {} [-W{}]", self.file, self.line, self.column, self.message, self.diagnostic)
    }
}

/// A module's size in LLVM instructions, before and after ufo's passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IrSize {
    pub read: usize,
    pub optimized: usize,
}

/// A single-procedure program `(L, Δ, en, err, Var)`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Program {
    /// The input file(s) it was built from, for messages.
    pub file: String,
    pub function: String,
    pub vars: Vec<Var>,
    pub locs: Vec<Location>,
    pub edges: Vec<Edge>,
    pub entry: LocId,
    pub error: LocId,
    pub stats: TranslationStats,
    pub warnings: Vec<String>,
    /// Bit width of each parameter of the entry function (0: not an integer).
    /// When the entry is not `main`, integer parameters are trace inputs.
    pub entry_params: Vec<u32>,
    /// The source functions, for attributing positions after inlining.
    pub functions: Vec<SourceFunction>,
    /// Why SAFE cannot be claimed for this program whatever the engine finds
    /// (the model may miss an error call); `None` normally.
    pub safe_blocked: Option<String>,
    /// The compilation directory of each source file named by debug info: a
    /// relative name is relative to it (for reading source lines from another
    /// directory, as under `opt` or `make`).
    pub source_dirs: std::collections::BTreeMap<String, String>,
    /// The kinds of checks (`assert`, `reach_error`, ...: [`Failure::kind`])
    /// the entry function had after inlining and before optimization; none
    /// means there is nothing to check. An optimizer may delete checks it
    /// proves, so they are collected before.
    pub checks: Vec<String>,
    /// The compiler that wrote the module (its `llvm.ident`, e.g. "Debian
    /// clang version 19.1.7"), if it says.
    pub producer: Option<String>,
    /// The functions that were recursive in the source (issue 44): their
    /// recursion became loops (`tailcallelim`), or was copied to a bound
    /// (then `safe_blocked` says so).
    pub recursive: Vec<String>,
    /// The depth its recursion was copied to, if it was (`safe_blocked` says so).
    pub recursion_depth: Option<usize>,
    /// LLVM instructions of the module as read and after ufo's passes (its
    /// `-O` pipeline among them): what optimization did to the program's size.
    #[serde(default)]
    pub ir_instructions: IrSize,
    /// The diagnostics of legacy C that were warnings, not errors, when ufo
    /// compiled the program (`frontend::dialect`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relaxed: Vec<Relaxed>,
    /// The arguments of the inlined calls, where debug info names the
    /// callee's parameters (a counterexample's calls show them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub call_args: Vec<CallArgs>,
    /// The module as the frontend read it (before ufo's passes), as bitcode:
    /// what the replay runs (`frontend::jit`). Not sent to member processes.
    #[serde(skip)]
    pub executable: Option<std::sync::Arc<Vec<u8>>>,
    /// The program with its recursive functions as procedures with
    /// summaries (issue 44, [`procedures`]), where recursion stayed and
    /// could be kept so; this program is then the bounded one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procedures: Option<Box<procedures::Procedures>>,
}

impl Program {
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
    pub fn loc(&self, l: LocId) -> &Location {
        &self.locs[l.0 as usize]
    }
    pub fn edge(&self, e: EdgeId) -> &Edge {
        &self.edges[e.0 as usize]
    }
    pub fn edge_ids(&self) -> impl Iterator<Item = EdgeId> {
        (0..self.edges.len() as u32).map(EdgeId)
    }

    /// Whether the program has memory regions (array-sorted variables).
    pub fn has_regions(&self) -> bool {
        self.vars.iter().any(|v| matches!(v.sort, Sort::Array { .. }))
    }

    pub fn loc_ids(&self) -> impl Iterator<Item = LocId> {
        (0..self.locs.len() as u32).map(LocId)
    }
    /// Outgoing edges of every location, indexed by location.
    pub fn successors(&self) -> Vec<Vec<EdgeId>> {
        let mut out = vec![Vec::new(); self.locs.len()];
        for e in self.edge_ids() {
            out[self.edge(e).src.0 as usize].push(e);
        }
        out
    }
    /// The source function containing a position: the one of the same file that
    /// starts last before it (C functions do not nest); the entry function if none.
    pub fn function_at(&self, at: &SrcLoc) -> &str {
        self.functions
            .iter()
            .filter(|f| f.file == at.file && f.line <= at.line)
            .max_by_key(|f| f.line)
            .map(|f| f.name.as_str())
            .unwrap_or(&self.function)
    }
    /// The name a user reads for a variable: its source name if it has one.
    pub fn display_name(&self, v: VarId) -> &str {
        let var = self.var(v);
        var.src_name.as_deref().unwrap_or(&var.name)
    }
}

impl Stmt {
    /// Variables this statement defines.
    pub fn defs(&self) -> Vec<VarId> {
        match self {
            Stmt::Assign(v, _) | Stmt::Havoc(v, _, _) => vec![*v],
            Stmt::Assume(_) => vec![],
            Stmt::Parallel(xs) => xs.iter().map(|(v, _)| *v).collect(),
        }
    }
    /// Variables this statement reads.
    pub fn uses(&self, out: &mut Vec<VarId>) {
        self.exprs().for_each(|e| e.vars(out));
    }
    /// The expressions this statement reads, in order.
    pub fn exprs(&self) -> impl Iterator<Item = &Expr> {
        let (one, many, args): (Option<&Expr>, &[(VarId, Expr)], &[Expr]) = match self {
            Stmt::Assign(_, e) | Stmt::Assume(e) => (Some(e), &[], &[]),
            Stmt::Havoc(_, HavocKind::Summary { args, .. } | HavocKind::Float { args, .. }, _) => (None, &[], args),
            Stmt::Havoc(..) => (None, &[], &[]),
            Stmt::Parallel(xs) => (None, xs, &[]),
        };
        one.into_iter().chain(many.iter().map(|(_, e)| e)).chain(args)
    }
}
