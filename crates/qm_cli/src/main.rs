//! The `qm` command. See `qm --help`.

fn main() {
    let code = qm_cli::run(std::env::args_os(), &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(code);
}
