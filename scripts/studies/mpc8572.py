"""MPC8572 SMP IP forwarding (two e500 cores, gianfar, NAPI): `wirespeed reproduce mpc8572`,
and single points of its default_smp scenario for the knobs' table."""
import csv
import io
import os
import subprocess
import tempfile

from studies.wirespeed import BINARY, ENV, ROOT


def calibration_md(rows):
    lines = [
        "",
        "## MPC8572 SMP IP forwarding platform (mpc8572)",
        "",
        "`wirespeed reproduce mpc8572 --rows calibration`: every statement of the study, all released,",
        "with the tester measuring RFC 2544's zero-loss rate (64 B both ways). One parameter was fitted:",
        "`proc.load_pct` (the user processes' work, 40 % of a CPU) on the default's CPU1 30-50 %; the",
        "rest is the mechanism (docs/mpc8572.md). The split's gain is over the default's rate, which the",
        "study does not give (a context row). A recorded miss keeps the arithmetic of why in the",
        "reference table's note.",
        "",
        "| row | simulated | measured | holds | limiting |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        sim, meas = float(r["simulated"]), r["measured"]
        if meas.startswith("about "):
            ok = "yes" if abs(sim / float(meas[6:]) - 1) <= 0.25 else "**no**"
        else:
            bound = float(meas.lstrip(">=<"))
            ok = "yes" if (sim >= bound if meas.startswith(">=") else 0 < sim < bound) else "**no**"
        if r.get("status") == "miss":
            ok += " (recorded miss)"
        lines.append(f"| {r['label']} | {sim:.4g} | {meas} | {ok} | {r['limiting']} |")
    return lines


def run(settings):
    """One default_smp point with `settings` (key=value strings): its CSV row."""
    args = [BINARY, "run", os.path.join(ROOT, "workloads/ipfwd/scenarios/default_smp.yaml"), "--format", "csv"]
    for kv in settings:
        args += ["--set", kv]
    text = subprocess.run(args, capture_output=True, text=True, check=True, env=ENV).stdout
    return list(csv.DictReader(io.StringIO(text)))[0]


# The knobs' effects, each from the default (or the split where the knob acts between the CPUs).
KNOBS = [
    ("eth0 and eth1 on either CPU (smp_affinity 3)", "default", ["irq.eth0_mask=3", "irq.eth1_mask=3"]),
    ("both on CPU1", "default", ["irq.eth0_mask=2", "irq.eth1_mask=2"]),
    ("split, user processes free (taskset 3)", "split", ["proc.affinity=3"]),
    ("split, user processes on CPU1 (taskset 2)", "split", ["proc.affinity=2"]),
    ("split, no user processes", "split", ["proc.load_pct=0"]),
    ("irqbalance on (its 10 s pass)", "default", ["irqbalance=on"]),
    ("irqbalance on, a 20 ms pass", "default", ["irqbalance=on", "irqbalance.interval_ms=20"]),
    ("irqbalance on, a 20 ms pass", "light", ["irqbalance=on", "irqbalance.interval_ms=20"]),
    ("irqbalance on, a 20 ms pass, over the split", "split", ["irqbalance=on", "irqbalance.interval_ms=20"]),
    ("gianfar fast path", "default", ["gianfar.fast_path=on"]),
    ("gianfar fast path", "split", ["gianfar.fast_path=on"]),
    ("gianfar fast path", "light", ["gianfar.fast_path=on"]),
    ("skb recycling", "default", ["gianfar.skb_recycle=on"]),
    ("skb recycling", "split", ["gianfar.skb_recycle=on"]),
    ("Rx coalescing 16 frames / 21 ticks", "default", ["gianfar.rx_coalesce_frames=16", "gianfar.rx_coalesce_usecs=10.75"]),
    ("Rx coalescing 16 frames / 21 ticks", "light", ["gianfar.rx_coalesce_frames=16", "gianfar.rx_coalesce_usecs=10.75"]),
    ("Tx coalescing off (every frame)", "default", ["gianfar.tx_coalesce_frames=1", "gianfar.tx_coalesce_usecs=0"]),
    ("Tx coalescing off (every frame)", "light", ["gianfar.tx_coalesce_frames=1", "gianfar.tx_coalesce_usecs=0"]),
    ("NAPI weight 16", "default", ["napi.weight=16"]),
    ("NAPI weight 16", "light", ["napi.weight=16"]),
    ("NAPI weight 128", "default", ["napi.weight=128"]),
    ("netdev_budget 64", "default", ["sysctl.netdev_budget=64"]),
    ("netdev_budget 600", "default", ["sysctl.netdev_budget=600"]),
    ("no NAPI (hardirq Rx, netif_rx)", "default", ["gianfar.napi=off"]),
    ("no NAPI, the non-NAPI build's Rx coalescing (16 frames / 400 ticks)", "default",
     ["gianfar.napi=off", "gianfar.rx_coalesce_frames=16", "gianfar.rx_coalesce_usecs=204.8"]),
    ("no NAPI, netdev_max_backlog 300", "default", ["gianfar.napi=off", "sysctl.netdev_max_backlog=300"]),
    ("no NAPI, netdev_max_backlog 10000", "default", ["gianfar.napi=off", "sysctl.netdev_max_backlog=10000"]),
    ("no NAPI", "light", ["gianfar.napi=off"]),
    ("rp_filter 0", "default", ["sysctl.rp_filter=0"]),
    ("rp_filter 0", "split", ["sysctl.rp_filter=0"]),
    ("counters in one shared line", "split", ["sw.stats_layout=shared_line"]),
    ("128 B frames (line rate: 2 x 845 k/s)", "default", ["tester.frame_bytes=128"]),
    ("512 B frames (line rate: 2 x 235 k/s)", "default", ["tester.frame_bytes=512"]),
    ("512 B frames (line rate: 2 x 235 k/s)", "split", ["tester.frame_bytes=512"]),
    ("half the line rate", "default", ["tester.load_pct=50"]),
    ("RFC 2544 zero-loss throughput", "default", ["tester.mode=rfc2544", "tester.trial_ms=20"]),
    ("RFC 2544 zero-loss throughput", "split", ["tester.mode=rfc2544", "tester.trial_ms=20"]),
]
BASES = {"default": [], "split": ["irq.eth0_mask=1", "irq.eth1_mask=2", "proc.affinity=1"],
                 "light": ["tester.load_pct=10"]}


def ledger(settings):
    """The report's per-CPU cycle ledgers and cache-line moves for one point."""
    with tempfile.TemporaryDirectory() as d:
        args = [BINARY, "run", os.path.join(ROOT, "workloads/ipfwd/scenarios/default_smp.yaml"), "--out", d + "/o"]
        for kv in settings:
            args += ["--set", kv]
        subprocess.run(args, capture_output=True, text=True, check=True, env=ENV)
        text = open(d + "/o/report.txt").read()
    at = text.find("cache lines per forwarded frame")
    return text[at:text.find("CPU load over the window")].rstrip("\n").split("\n")


def predictions_md(rows):
    ref = {k: run(v) for k, v in BASES.items()}
    base = (float(ref["default"]["fwd_fps"]), ref["default"]["limiting"])
    lines = [
        "## MPC8572 SMP IP forwarding (two e500 cores, gianfar, NAPI)",
        "",
        "Every figure of the study is now released: the affinity split's gain, predicted at +23 % in",
        "rounds 1 and 2, was scored (the record below) and joined calibration (docs/calibration.md).",
        "Nothing is left to predict. What follows is the model's own figures for what the study never",
        "measured: the absolute rate and each other knob, 64 B frames at line rate on both ports both",
        "ways (a fixed load, 2 x 1.488 M frames/s offered) unless a row says otherwise; the reference",
        "rows read the study's throughput as RFC 2544's zero-loss rate (docs/mpc8572.md).",
        "",
        "### The absolute rate (the study gives none)",
        "",
        f"Default: **{base[0] / 1e3:.0f} k frames/s** forwarded, both directions together, by one e500",
        "at 1.5 GHz (`soc.core_mhz`; the MPC8572's top grade, the DS board's clock not confirmed:",
        "hardware-facts.md unknown 7). It is one CPU's NET_RX time per frame: the per-call path",
        "lengths (`wirespeed params mpc8572`, source \"estimate\", each from what the call does in",
        "2.6-era Linux: ip_rcv 300, route-cache hit 250, rp_filter 200, ip_forward 250, neighbour",
        "output 200, dev_queue_xmit 400, start_xmit 300, Rx BD 250, skb alloc 400, Tx clean 100,",
        "skb free 300 instructions) plus the memory system's stalls (a DMA-written buffer's header",
        "misses to DDR, BD lines the eTSEC took). The default's ledger, and the split's, from the",
        "run's report:",
        "",
        "```",
    ]
    lines += ledger([])
    lines += ["```", "", "```"]
    lines += ledger(BASES["split"])
    lines += [
        "```",
        "",
        "Each path length is an estimate, uncertain by perhaps a factor of 1.5, and the rate scales",
        "with their sum (about 3000 instructions a frame) and with the clock. We have no public",
        "measured rate of this board to check it against; it is the least certain figure here.",
        "",
        "### Each other knob",
        "",
        "Each change from its base: the default (both ports on CPU0), the split (the withheld row's",
        "configuration) or light (the default at 10 % of line rate, 2 x 149 k frames/s, where CPU0",
        "keeps up and what moves is its load). 100 ms trials; an RFC 2544 row is the zero-loss rate",
        "of 20 ms trials.",
        "",
        "| change | base | frames forwarded /s | vs the base | CPU0 busy | CPU1 busy | limiting | drops |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for b in ("default", "split", "light"):
        r = ref[b]
        lines.append(f"| (the base) | {b} | {float(r['fwd_fps']):.4g} | - | {float(r['cpu0_pct']):.0f} | "
                     f"{float(r['cpu1_pct']):.0f} | {r['limiting']} | {r['drops']} |")
    for label, b, settings in KNOBS:
        r = run(BASES[b] + settings)
        f, f0 = float(r["fwd_fps"]), float(ref[b]["fwd_fps"])
        if "rfc2544" in " ".join(settings):
            f = float(r["fps"])  # the zero-loss rate, both ports together
        lines.append(f"| {label} | {b} | {f:.4g} | {100 * (f - f0) / f0:+.1f} % | {float(r['cpu0_pct']):.0f} | "
                     f"{float(r['cpu1_pct']):.0f} | {r['limiting']} | {r['drops']} |")
    lines += [
        "",
        "Mechanisms: smp_affinity 3 gives each source one CPU (Linux's irq_choose_cpu, a round robin",
        "over the sources as their masks are written): eth0's Rx lands on CPU0 and eth1's on CPU1, a",
        "split. irqbalance moves IRQs off the busiest CPU by their share of its interrupt time; a moved",
        "IRQ takes its port's polls along once the running poll completes, which at overload it does",
        "each time its ring empties behind the halted Rx queue (RSTAT[QHLT]). The fast path skips",
        "ip_rcv, the route lookup, rp_filter and the qdisc (about 1500 cycles a frame); skb recycling saves",
        "the free and the alloc (about 600 instructions for 160). Rx",
        "coalescing and the NAPI weight change the interrupts and polls per frame, which at",
        "overload are few anyway; Tx coalescing off costs a Tx interrupt per frame only when the",
        "poll is not running. netdev_budget bounds a NET_RX run: more time squeezes, the same",
        "work. Without NAPI the Rx hardirq takes the CPU from the softirq that drains the backlog",
        "(receive livelock) and netdev_max_backlog sets how much it holds. rp_filter 0 saves the",
        "reverse lookup. A shared counter line ping-pongs only when both CPUs forward. At line rate",
        "the split leaves the user processes 1 % of a CPU: every poll completes behind the halt, so",
        "NET_RX runs on interrupt exit, above every task, and rarely reaches ksoftirqd (`__do_softirq`'s",
        "10 restarts or 2 ms); with 512 B frames the CPUs keep up and the processes get their 25 %.",
    ]
    return lines
