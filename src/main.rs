//! The `tabula` command: parses arguments and hands over to `tabula::cli`.

fn main() -> std::process::ExitCode {
    tabula::cli::main()
}
