//! A child process fed on its standard input and read from its standard
//! output and error, stopped from outside: the runner that a second solver
//! (`check::validate`, cvc5) and a portfolio member in a process of its own
//! (`member`) share. The child is a started command ([`run`]) or a process
//! the caller forked itself ([`Forked`], [`supervise`]).
//!
//! Invariants: the child leads a process group of its own, and a stop kills
//! the whole group (a wrapper script's children too); the child is always
//! reaped before [`run`] or [`supervise`] returns; its input is written and
//! its outputs read on threads of their own, so a child that writes much or
//! reads little never blocks on a full pipe. A leaf of the layers: names no
//! other module.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// How the child ended.
#[derive(Debug)]
pub enum Ended<T> {
    /// By itself; `None` if it could not be waited for (it was killed).
    Exited(Option<ExitStatus>),
    /// Killed because the stop condition said so, with what it said.
    Stopped(T),
}

/// What a run gave.
#[derive(Debug)]
pub struct Ran<T> {
    pub ended: Ended<T>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// A child process: one of `Command` or one the caller forked.
pub trait Process {
    /// Its exit status if it ended (then it is reaped), `None` while it runs.
    fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>>;
    /// Kills its process group and reaps it.
    fn kill(&mut self);
    /// Its process id.
    fn pid(&self) -> i32;
}

impl Process for std::process::Child {
    fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>> {
        std::process::Child::try_wait(self)
    }
    fn kill(&mut self) {
        if let Ok(pid) = i32::try_from(self.id()) {
            // SAFETY: a signal to the process group our own child leads; the
            // child is not reaped yet, so the group still exists.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        let _ = self.wait();
    }
    fn pid(&self) -> i32 {
        i32::try_from(self.id()).unwrap_or(-1)
    }
}

/// A child the caller forked (not reaped yet), leading a process group of
/// its own (the caller called `setpgid` on both sides of the fork).
#[derive(Debug)]
pub struct Forked(pub libc::pid_t);

impl Forked {
    fn wait(&mut self, flags: libc::c_int) -> std::io::Result<Option<ExitStatus>> {
        use std::os::unix::process::ExitStatusExt;
        let mut status = 0;
        loop {
            // SAFETY: waits for our own child; `status` is a valid out-pointer.
            match unsafe { libc::waitpid(self.0, &mut status, flags) } {
                0 => return Ok(None),
                pid if pid == self.0 => return Ok(Some(ExitStatus::from_raw(status))),
                _ => {
                    let e = std::io::Error::last_os_error();
                    if e.kind() != std::io::ErrorKind::Interrupted {
                        return Err(e);
                    }
                }
            }
        }
    }
}

impl Process for Forked {
    fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>> {
        self.wait(libc::WNOHANG)
    }
    fn kill(&mut self) {
        // SAFETY: a signal to the group of our own child, not reaped yet.
        unsafe { libc::kill(-self.0, libc::SIGKILL) };
        let _ = self.wait(0);
    }
    fn pid(&self) -> i32 {
        self.0
    }
}

/// Runs `cmd` (its own arguments and `pre_exec` set by the caller) in a
/// process group of its own with `input` on its standard input, asking
/// `stop` (given the child's pid) every `poll` while it runs: a `Some` kills
/// the group. `Err` if it cannot start.
pub fn run<T>(
    mut cmd: Command,
    input: &[u8],
    poll: Duration,
    stop: impl FnMut(i32) -> Option<T>,
) -> std::io::Result<Ran<T>> {
    let mut child = cmd.process_group(0).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        Process::kill(&mut child);
        return Err(std::io::Error::other("no pipes to the child"));
    };
    Ok(supervise(child, Some((stdin, input)), stdout, stderr, poll, stop))
}

/// Watches `child` until it ends or `stop` (asked every `poll`, with the
/// child's pid) says why it must end, writing `input` to it and reading its
/// two outputs meanwhile.
pub fn supervise<T>(
    mut child: impl Process,
    input: Option<(impl Write + Send, &[u8])>,
    mut stdout: impl Read + Send,
    mut stderr: impl Read + Send,
    poll: Duration,
    mut stop: impl FnMut(i32) -> Option<T>,
) -> Ran<T> {
    std::thread::scope(|s| {
        if let Some((mut stdin, input)) = input {
            // (a write error means the child ended early: its ending says why)
            s.spawn(move || {
                let _ = stdin.write_all(input);
            });
        }
        let out = s.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stdout.read_to_end(&mut bytes);
            bytes
        });
        let err = s.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        });
        let ended = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Ended::Exited(Some(status)),
                Ok(None) => {}
                Err(_) => {
                    child.kill();
                    break Ended::Exited(None);
                }
            }
            if let Some(why) = stop(child.pid()) {
                child.kill();
                break Ended::Stopped(why);
            }
            std::thread::sleep(poll);
        };
        Ran { ended, stdout: out.join().unwrap_or_default(), stderr: err.join().unwrap_or_default() }
    })
}

/// A pipe, both ends close-on-exec (a program the parent starts later does
/// not inherit them): `[read, write]`.
pub fn pipe() -> std::io::Result<[std::os::fd::OwnedFd; 2]> {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid out-array of two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: pipe2 just opened both; nothing else owns them.
    Ok(unsafe { [std::os::fd::OwnedFd::from_raw_fd(fds[0]), std::os::fd::OwnedFd::from_raw_fd(fds[1])] })
}

/// Closes every descriptor of the process but `keep` (in a forked child:
/// the parent's pipes to its other children must not stay open in it).
pub fn close_all_but(keep: &[i32]) {
    let open: Vec<i32> = match std::fs::read_dir("/proc/self/fd") {
        Ok(dir) => dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect(),
        Err(_) => return,
    };
    for fd in open.into_iter().filter(|fd| !keep.contains(fd)) {
        // SAFETY: closes a descriptor nothing in this child uses (the
        // directory's own descriptor is closed already or fails harmlessly).
        unsafe { libc::close(fd) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    }

    #[test]
    fn input_goes_in_and_both_outputs_come_back() {
        let r = run(sh("cat; echo oops >&2; exit 3"), b"hello", Duration::from_millis(1), |_| None::<()>).unwrap();
        assert!(matches!(r.ended, Ended::Exited(Some(s)) if s.code() == Some(3)));
        assert_eq!((r.stdout.as_slice(), r.stderr.as_str()), (&b"hello"[..], "oops\n"));
    }

    #[test]
    fn a_stop_kills_the_whole_group_at_once() {
        let t = std::time::Instant::now();
        let mut asked = 0;
        let r = run(sh("sleep 30 & sleep 30; echo never"), b"", Duration::from_millis(1), |_| {
            asked += 1;
            (asked > 20).then_some("enough")
        })
        .unwrap();
        assert!(matches!(r.ended, Ended::Stopped("enough")));
        // the background sleep held stdout open: it died with the group
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(r.stdout.is_empty());
    }
}
