//! `UFO_OPTIONS`: how a build passes options to ufo where there is no ufo
//! command line of its own (issue 7): the LLVM pass plugin and `ufo cc` read
//! the same variable, with the same syntax as `ufo verify`'s options
//! (`UFO_OPTIONS="--engine ufo --post cartesian --timeout 30 --werror"`).
//! Words are split as a POSIX shell would (quotes allowed).

use crate::cache::Cache;
use crate::driver::{Bitcode, VerifyOptions};
use crate::engines::EngineArgs;
use crate::frontend::{DataModel, FrontendOptions, OptLevel, Properties, Property};
use clap::Parser;

/// The environment variable both build integrations read.
pub const VAR: &str = "UFO_OPTIONS";

/// Time limit per translation unit when `UFO_OPTIONS` sets none: a build
/// must not wait forever.
pub const DEFAULT_TIMEOUT: f64 = 60.0;

/// What `UFO_OPTIONS` may say.
#[derive(Parser, Clone, Debug)]
#[command(name = "UFO_OPTIONS", no_binary_name = true, disable_help_flag = true, disable_version_flag = true)]
pub struct PipelineOptions {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Time limit per translation unit, in seconds.
    #[arg(long, default_value_t = DEFAULT_TIMEOUT)]
    pub timeout: f64,
    /// Entry function.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Optimization level of ufo's own pipeline (default: the plugin verifies
    /// the module as the compiler optimized it, O0 on top; `ufo cc` uses the
    /// compiler's -O level).
    #[arg(long, value_enum)]
    pub opt: Option<OptLevel>,
    /// Data model (default: from the target triple or -m32).
    #[arg(long, value_enum)]
    pub data_model: Option<DataModel>,
    /// What counts as the error: a comma-separated list of properties
    /// (assertions, unreach-call, overflow, no-overflow, memsafety, memcleanup).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "assertions")]
    pub property: Vec<Property>,
    /// SV-COMP's conventions: external functions have no side effects.
    #[arg(long)]
    pub svcomp: bool,
    /// malloc and calloc never return NULL.
    #[arg(long)]
    pub malloc_never_null: bool,
    /// The diagnostics of legacy C that ufo's compile relaxes stay errors.
    #[arg(long)]
    pub strict_c: bool,
    /// A reachable error is a compilation error, not a warning.
    #[arg(long)]
    pub werror: bool,
    #[command(flatten)]
    pub cache: CacheArgs,
}

impl PipelineOptions {
    /// Parses the text of `UFO_OPTIONS`; the error is one line.
    pub fn parse(text: &str) -> Result<Self, String> {
        let words = shlex::split(text).ok_or_else(|| format!("{VAR}: unbalanced quotes in '{text}'"))?;
        Self::try_parse_from(words).map_err(|e| {
            let msg = e.to_string();
            let first = msg.lines().find(|l| !l.trim().is_empty()).unwrap_or("invalid value").trim();
            format!("{VAR}: {}", first.trim_start_matches("error: "))
        })
    }

    /// `UFO_OPTIONS` from the environment (empty if unset).
    pub fn from_env() -> Result<Self, String> {
        Self::parse(&std::env::var(VAR).unwrap_or_default())
    }

    /// The properties `--property` lists.
    pub fn properties(&self) -> Properties {
        Properties::of(&self.property)
    }

    /// Does the text ask for `--werror`? Used when it does not parse, to decide
    /// whether that is an error or a warning.
    pub fn wants_werror(text: &str) -> bool {
        text.split_whitespace().any(|w| w == "--werror")
    }

    /// The options of one verification run; `opt` and `data_model` fall back
    /// to the given defaults.
    pub fn verify_options(
        &self,
        files: Vec<String>,
        bitcode: Option<Bitcode>,
        opt: OptLevel,
        data_model: DataModel,
    ) -> VerifyOptions {
        VerifyOptions {
            files,
            bitcode,
            frontend: FrontendOptions {
                opt: self.opt.unwrap_or(opt),
                data_model: self.data_model.unwrap_or(data_model),
                entry: self.entry.clone(),
                property: self.properties(),
                svcomp: self.svcomp,
                malloc_never_null: self.malloc_never_null,
                recursion_budget: crate::frontend::recursion::BUDGET,
                procedures: true,
                strict_c: self.strict_c,
            },
            engine: self.engine.clone(),
            timeout: Some(self.timeout),
            memory_mb: None,
            harness: None,
            tests: None,
            replay_limits: Default::default(),
            cancel: Default::default(),
            progress: None,
            cache: self.cache.cache(),
        }
    }
}

/// How a command turns the cache on or off (`verify`, and `UFO_OPTIONS`
/// for `ufo cc` and the plugin).
#[derive(clap::Args, Clone, Debug)]
pub struct CacheArgs {
    /// Do not use the verdict cache (neither read nor write it).
    #[arg(long)]
    pub no_cache: bool,
    /// The verdict cache's directory (default: $UFO_CACHE_DIR, else
    /// $XDG_CACHE_HOME/ufo, else ~/.cache/ufo).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<std::path::PathBuf>,
    /// The verdict cache's bound in MiB: least recently used answers go first.
    #[arg(long, value_name = "MIB", default_value_t = crate::cache::DEFAULT_MAX_MB)]
    pub cache_max_mb: u64,
}

impl Default for CacheArgs {
    fn default() -> Self {
        CacheArgs { no_cache: false, cache_dir: None, cache_max_mb: crate::cache::DEFAULT_MAX_MB }
    }
}

impl CacheArgs {
    /// The cache these options name, or `None` when it is off.
    pub fn cache(&self) -> Option<Cache> {
        Cache::configured(self.no_cache, self.cache_dir.clone(), self.cache_max_mb)
    }

    /// The options as `ufo verify` spells them (for the commands that run
    /// `ufo verify` as a child: `project`, `bench`).
    pub fn to_args(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.no_cache {
            v.push("--no-cache".to_string());
        }
        if let Some(d) = &self.cache_dir {
            v.extend(["--cache-dir".to_string(), d.display().to_string()]);
        }
        if self.cache_max_mb != crate::cache::DEFAULT_MAX_MB {
            v.extend(["--cache-max-mb".to_string(), self.cache_max_mb.to_string()]);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::IntSemantics;

    #[test]
    fn parses_what_verify_accepts() {
        let o = PipelineOptions::parse("--engine bmc --bound 7 --int bv --timeout 5 --werror --opt O2").unwrap();
        assert_eq!(
            (o.engine.engine, o.engine.bound, o.engine.int, o.timeout, o.werror),
            ("bmc".to_string(), 7, IntSemantics::Bv, 5.0, true)
        );
        assert_eq!(o.opt, Some(OptLevel::O2));
        let d = PipelineOptions::parse("").unwrap();
        assert_eq!(
            (d.engine.engine, d.timeout, d.werror, d.opt),
            ("portfolio".to_string(), DEFAULT_TIMEOUT, false, None)
        );
        assert_eq!(PipelineOptions::parse("--entry 'my main'").unwrap().entry, "my main");
        assert!(PipelineOptions::parse("--validate").unwrap().engine.validate && !d.engine.validate);
        let sv = PipelineOptions::parse("--property unreach-call --svcomp").unwrap();
        assert_eq!(
            (Properties::of(&sv.property), sv.svcomp, Properties::of(&d.property), d.svcomp),
            (Properties::unreach_call(), true, Properties::default(), false)
        );
    }

    #[test]
    fn errors_are_one_line_naming_the_variable() {
        for bad in ["--engine nope", "--timeout soon", "--frobnicate", "'unbalanced"] {
            let e = PipelineOptions::parse(bad).unwrap_err();
            assert!(e.starts_with("UFO_OPTIONS: ") && !e.contains('\n'), "{e}");
        }
        assert!(PipelineOptions::parse("--engine nope").unwrap_err().contains("nope"));
    }

    #[test]
    fn the_options_name_the_directory() {
        let a = CacheArgs { cache_dir: Some("/x/c".into()), ..Default::default() };
        if std::env::var_os("UFO_NO_CACHE").is_none() {
            assert_eq!(a.cache().map(|c| c.dir), Some(std::path::PathBuf::from("/x/c")));
        }
        assert!(CacheArgs { no_cache: true, ..a.clone() }.cache().is_none());
        assert_eq!(a.to_args(), ["--cache-dir", "/x/c"]);
    }
}
