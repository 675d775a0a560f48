//! The frontend: from `.c`/`.i`/`.bc`/`.ll` files to a [`Program`] (DESIGN.md
//! "Pipeline" steps 1–4).
//!
//! Architecture invariant: this is the only module that uses inkwell or llvm-sys.
//! Nothing here knows about Z3 or the engines.

mod builtins;
mod call_results;
mod debug_vars;
pub mod dialect;
pub mod entries;
mod fields;
mod floats;
pub mod indirect_calls;
mod inputs;
pub mod jit;
mod llvm;
mod load;
mod memory;
pub mod memsafety;
mod models;
mod normalize;
mod procedures;
pub mod recursion;
mod regions;
mod scanf_words;
mod sprintf;
mod sscanf;
mod translate;

use crate::error::Result;
use crate::ir::{IrSize, Program};
use inkwell::context::Context;

pub use builtins::instrumented_kind;
pub use load::{
    check_flags, clang, clang_flags, clang_version, major_version, on_path, version_line, which, DEFAULT_CLANGS,
};
pub use normalize::set_loop_options;

/// Optimization level, a first-class input (DESIGN.md step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, clap::ValueEnum)]
pub enum OptLevel {
    #[value(name = "O0")]
    O0,
    #[value(name = "O1")]
    O1,
    #[value(name = "O2")]
    O2,
    #[value(name = "O3")]
    O3,
    #[value(name = "Os")]
    Os,
}

impl OptLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            OptLevel::O0 => "O0",
            OptLevel::O1 => "O1",
            OptLevel::O2 => "O2",
            OptLevel::O3 => "O3",
            OptLevel::Os => "Os",
        }
    }
}

/// Data model of the C program (`-m32` for ILP32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, clap::ValueEnum)]
pub enum DataModel {
    #[value(name = "ILP32")]
    Ilp32,
    #[value(name = "LP64")]
    Lp64,
}

impl DataModel {
    pub fn as_str(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "ILP32",
            DataModel::Lp64 => "LP64",
        }
    }
}

/// One property a run checks (`--property`, a comma-separated list of them;
/// DESIGN.md "Builtins" and "Properties").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, clap::ValueEnum)]
pub enum Property {
    /// Every check the program states: a failing `assert()`, `__builtin_trap`,
    /// `reach_error()`, `__VERIFIER_error()`, a failed `__VERIFIER_assert`.
    #[default]
    #[value(name = "assertions")]
    #[serde(rename = "assertions")]
    Assertions,
    /// SV-COMP's `unreach-call`: only `reach_error()`/`__VERIFIER_error()` (and
    /// a failed `__VERIFIER_assert`); a failing `assert()` ends the path.
    #[value(name = "unreach-call")]
    #[serde(rename = "unreach-call")]
    UnreachCall,
    /// No signed integer overflow (`+ - *`, negation, `INT_MIN / -1`), no
    /// shift past the width or of a negative value, no division by zero
    /// (issue 51): clang's UBSan checks, compiled in as traps.
    #[value(name = "overflow")]
    #[serde(rename = "overflow")]
    Overflow,
    /// SV-COMP's `no-overflow`: signed integer overflow only (`+ - *`,
    /// negation, `INT_MIN / -1`, as its property text defines it).
    #[value(name = "no-overflow")]
    #[serde(rename = "no-overflow")]
    NoOverflow,
    /// Every load and store within a live object (no null, freed or
    /// out-of-bounds access), every `free` of a live heap block's start
    /// (SV-COMP's `valid-deref` and `valid-free`; `frontend::memsafety`).
    #[value(name = "memsafety")]
    #[serde(rename = "memsafety")]
    Memsafety,
    /// SV-COMP's `valid-memcleanup`: every heap block is freed when the
    /// program ends, also those a global still points to (`frontend::memsafety`).
    #[value(name = "memcleanup")]
    #[serde(rename = "memcleanup")]
    Memcleanup,
}

impl Property {
    pub fn as_str(self) -> &'static str {
        match self {
            Property::Assertions => "assertions",
            Property::UnreachCall => "unreach-call",
            Property::Overflow => "overflow",
            Property::NoOverflow => "no-overflow",
            Property::Memsafety => "memsafety",
            Property::Memcleanup => "memcleanup",
        }
    }
}

/// The properties a run checks (`--property a,b`): what counts as the error.
/// Each program check belongs to one of them; a check of no selected
/// property ends the path where the program would stop (`assert()` aborts,
/// SV-COMP's `reach_error()` is `__assert_fail`), or is not compiled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Properties {
    /// A failing `assert()`, `__builtin_trap` and a call through an invalid
    /// function pointer are errors.
    pub assertions: bool,
    /// `reach_error()`, `__VERIFIER_error()`, a failed `__VERIFIER_assert` are errors.
    pub reach: bool,
    /// Signed integer overflow is an error.
    pub overflow: bool,
    /// Shifts past the width and divisions by zero are errors too.
    pub shifts_and_division: bool,
    /// Invalid accesses and frees are errors (`memsafety`).
    pub memsafety: bool,
    /// A block not freed when the program ends is an error (`memcleanup`).
    pub memcleanup: bool,
}

impl Default for Properties {
    fn default() -> Self {
        Properties::of(&[Property::Assertions])
    }
}

impl Properties {
    /// The union of `list` (an empty list: the default, `assertions`).
    pub fn of(list: &[Property]) -> Properties {
        let mut p = Properties {
            assertions: false,
            reach: false,
            overflow: false,
            shifts_and_division: false,
            memsafety: false,
            memcleanup: false,
        };
        for q in list {
            match q {
                Property::Assertions => (p.assertions, p.reach) = (true, true),
                Property::UnreachCall => p.reach = true,
                Property::Overflow => (p.overflow, p.shifts_and_division) = (true, true),
                Property::NoOverflow => p.overflow = true,
                Property::Memsafety => p.memsafety = true,
                Property::Memcleanup => p.memcleanup = true,
            }
        }
        if list.is_empty() {
            return Properties::default();
        }
        p
    }

    /// SV-COMP's `unreach-call`.
    pub fn unreach_call() -> Properties {
        Properties::of(&[Property::UnreachCall])
    }

    /// The list it is made of, as `--property` takes it.
    pub fn list(self) -> Vec<Property> {
        let mut v = Vec::new();
        if self.assertions {
            v.push(Property::Assertions);
        } else if self.reach {
            v.push(Property::UnreachCall);
        }
        match (self.overflow, self.shifts_and_division) {
            (_, true) => v.push(Property::Overflow),
            (true, false) => v.push(Property::NoOverflow),
            _ => {}
        }
        if self.memsafety {
            v.push(Property::Memsafety);
        }
        if self.memcleanup {
            v.push(Property::Memcleanup);
        }
        v
    }

    /// `assertions`, `unreach-call,overflow`, ...: as `--property` takes it.
    pub fn as_string(self) -> String {
        self.list().iter().map(|p| p.as_str()).collect::<Vec<_>>().join(",")
    }

    /// Does the frontend compile checks into the program (UBSan's as
    /// traps, `memsafety`'s and `memcleanup`'s)?
    pub fn instrumented(self) -> bool {
        self.overflow || self.tracks_heap()
    }

    /// Does the translation follow each heap block's life (ghost flags per
    /// allocating call, the allocator hidden from the optimizer:
    /// `memsafety`, `memcleanup`)?
    pub fn tracks_heap(self) -> bool {
        self.memsafety || self.memcleanup
    }
}

impl serde::Serialize for Properties {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.as_string())
    }
}

/// What the frontend needs to know.
#[derive(Clone, Debug)]
pub struct FrontendOptions {
    pub opt: OptLevel,
    pub data_model: DataModel,
    pub entry: String,
    /// What counts as the error.
    pub property: Properties,
    /// SV-COMP's conventions: external functions have no side effects.
    pub svcomp: bool,
    /// `malloc` and `calloc` never return NULL (by default they may).
    pub malloc_never_null: bool,
    /// Recursion left after `tailcallelim` is copied to a depth within about
    /// this many instructions (`recursion`).
    pub recursion_budget: usize,
    /// Also build the recursion that stays as procedures with summaries
    /// (`ir::procedures`); a run that only deepens the bound (`driver`) has
    /// had them already.
    pub procedures: bool,
    /// Legacy C refused as clang refuses it, not relaxed (`--strict-c`,
    /// `dialect`).
    pub strict_c: bool,
}

impl Default for FrontendOptions {
    fn default() -> Self {
        FrontendOptions {
            opt: OptLevel::O2,
            data_model: DataModel::Lp64,
            entry: "main".into(),
            property: Properties::default(),
            svcomp: false,
            malloc_never_null: false,
            recursion_budget: recursion::BUDGET,
            procedures: true,
            strict_c: false,
        }
    }
}

/// Loads, normalizes, optimizes and translates the given files into one program.
pub fn build_program(files: &[String], opts: &FrontendOptions) -> Result<Program> {
    let context = Context::create();
    let checks = load::check_flags(opts.property);
    let c = load::CompileC { checks: &checks, strict: opts.strict_c };
    let (module, relaxed) = load::load_and_link(&context, files, opts.data_model, c)?;
    if let Some(ir) = files.iter().find(|f| !f.ends_with(".c") && !f.ends_with(".i")) {
        has_checks(&module, ir, opts.property)?;
    }
    let mut prog = build(module, &files.join(" "), opts)?;
    prog.warnings.extend(dialect::warning(&relaxed));
    prog.relaxed = relaxed;
    Ok(prog)
}

/// The same for a module held in memory as bitcode (the pass plugin's copy of
/// the module it is given); `name` names it in messages.
pub fn build_program_from_bitcode(name: &str, bitcode: &[u8], opts: &FrontendOptions) -> Result<Program> {
    let context = Context::create();
    let module = load::parse_bitcode(&context, name, bitcode)?;
    has_checks(&module, name, opts.property)?;
    build(module, name, opts)
}

/// IR given as it is (not C that ufo compiles) must have been compiled with
/// the checks an instrumented property needs: a module with integer
/// arithmetic and no `llvm.ubsantrap` was not, and is refused (its checks
/// would be missing, and a SAFE answer wrong).
fn has_checks(module: &inkwell::module::Module, name: &str, property: Properties) -> Result<()> {
    use inkwell::values::AsValueRef;
    use llvm_sys::LLVMOpcode::*;
    // (`memsafety`'s checks are ufo's own, put in by `memsafety::instrument`)
    if !property.overflow || module.get_function("llvm.ubsantrap").is_some() {
        return Ok(());
    }
    let arithmetic = module.get_functions().any(|f| {
        llvm::blocks(f.as_value_ref()).into_iter().flat_map(llvm::instructions).any(|i| {
            matches!(
                llvm::opcode(i),
                LLVMAdd | LLVMSub | LLVMMul | LLVMSDiv | LLVMSRem | LLVMUDiv | LLVMURem | LLVMShl | LLVMAShr | LLVMLShr
            )
        })
    });
    if !arithmetic {
        return Ok(());
    }
    let flags = load::check_flags(property).join(" ");
    Err(crate::error::Error::input(
        name,
        format!("--property {} needs the C source, or IR compiled with `{flags}`", property.as_string()),
    ))
}

fn build(module: inkwell::module::Module, label: &str, opts: &FrontendOptions) -> Result<Program> {
    let functions = llvm::source_functions(module.as_mut_ptr());
    call_results::mark(module.as_mut_ptr());
    let producer = llvm::producer(module.as_mut_ptr());
    llvm::use_debug_intrinsics(module.as_mut_ptr());
    // the module as read, for the replay's JIT (`jit`)
    let executable = std::sync::Arc::new(module.write_bitcode_to_memory().as_slice().to_vec());
    let read = llvm::count_instructions(module.as_mut_ptr());
    let models = models::link(&module, opts.data_model);
    if models.as_ref().is_ok_and(|l| l.atexit) {
        models::run_atexit_handlers(&module, &opts.entry);
    }
    if opts.property.tracks_heap() {
        memsafety::hide_allocator(&module);
    }
    let normalized = normalize::normalize(&module, label, opts, normalize::Recursion::Bound)?;
    if opts.property.tracks_heap() {
        memsafety::reveal_allocator(&module);
    }
    // LLVM 19's pass manager may hand the module back with debug records.
    llvm::use_debug_intrinsics(module.as_mut_ptr());
    let mut prog = translate::translate(&module, label, opts)?;
    prog.ir_instructions = IrSize { read, optimized: llvm::count_instructions(module.as_mut_ptr()) };
    prog.functions = functions;
    let bounded = normalized.bounded.as_ref().map(recursion::Bounded::reason);
    let (modelled, model_warning) = match models {
        Ok(linked) => (linked.safe_blocked, None),
        Err(why) => (None, Some(format!("C-library models not linked: {why}"))),
    };
    prog.safe_blocked = normalized.hazard.or(bounded).or(modelled).or(prog.safe_blocked);
    prog.warnings.extend(model_warning);
    prog.recursive = normalized.recursive;
    prog.recursion_depth = normalized.bounded.as_ref().map(|b| b.depth);
    prog.checks = normalized.checks;
    prog.producer = producer;
    // (the procedures are built from the module as read: without the
    // checks of `memsafety`, so not for it; the bound's reason stands)
    if normalized.bounded.is_some() && opts.procedures && !opts.property.tracks_heap() {
        // the recursion left as procedures with summaries, for proofs
        match procedures::build(&executable, label, opts) {
            Ok(mut procs) => {
                procs.main.functions = prog.functions.clone();
                prog.procedures = Some(Box::new(procs));
            }
            Err(why) => prog.warnings.push(format!("recursion kept to a bound only: {why}")),
        }
    }
    prog.executable = Some(executable);
    Ok(prog)
}

/// The LLVM version ufo was built against.
pub fn llvm_version() -> String {
    env!("UFO_BUILD_LLVM").to_string()
}

/// Its major version (19 in the default build).
pub fn llvm_major() -> u32 {
    env!("UFO_BUILD_LLVM").split('.').next().and_then(|m| m.parse().ok()).unwrap_or(0)
}
