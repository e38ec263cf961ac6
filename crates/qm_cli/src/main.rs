fn main() {
    let args: Vec<String> = std::env::args().collect();
    match qm_game::Game::load(&args[1], 1) {
        Err(e) => println!("{e}"),
        Ok(mut g) => {
            g.determine_supply(g.clock().side, qm_core::ids::DeterminationKind::Initial);
            let r = g.supply_report(g.clock().side);
            println!("{}", serde_json::to_string_pretty(&r.units).unwrap());
            for id in ["sov-21a", "sov-13a", "sov-16a"] {
                println!("{}", g.explain(id).unwrap());
            }
        }
    }
}
