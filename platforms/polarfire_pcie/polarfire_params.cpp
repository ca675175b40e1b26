// The FPGA-to-PC platform's parameters: the models declare their keys; here are
// the defaults this board gives them and where each comes from, plus the
// study's own keys. Nothing here is calibrated: no figure of this board was
// fitted. A value is a public fact (cited), a value carried over from the
// MSC815x calibration of the same PCIe layers (said so), or assumed (said so,
// with the bound that keeps it from deciding a figure).
#include "platforms/polarfire_pcie/polarfire_pcie.hpp"

#include "models/mem/memory.hpp"
#include "models/pcie/axi_dma.hpp"
#include "models/pcie/pc_root_complex.hpp"
#include "models/pcie/pcie_controller.hpp"

namespace ws {
namespace {

using K = ParamSpec::Kind;

const char* kIssue = "issue 27: the measured system's configuration";
const char* kMsc = "carried over from the MSC815x calibration of the same layers (docs/calibration.md); a "
                   "different core's policy, assumed alike: it moves DLLPs, a few % of the wire";
const char* kUnusedCompleter = "unused: the endpoint completes no reads in this study";

}  // namespace

void declare_polarfire_params(ParamTable& t) {
  pcie::PcieController::declare_params(t);
  pcie::PcRootComplex::declare_params(t);
  pcie::AxiDma::declare_params(t, "builtin_dma");
  pcie::AxiDma::declare_params(t, "fabric_dma");
  Memory::declare_params(t, "fpga_mem", /*clocked=*/false);

  // --- the study ---
  t.declare(choice("dma.op", "write", {"write", "read"}, "-",
                   "write: the endpoint writes into the PC's memory (MWr); read: it reads from it (MRd/CplD)", kIssue));
  t.declare(choice("dma.engine", "builtin", {"builtin", "fabric"}, "-",
                   "builtin: the PCIe block's own DMA (builtin_dma.*); fabric: a soft AXI DMA in the fabric "
                   "(fabric_dma.*)",
                   kIssue));
  t.declare(number("dma.transfer_bytes", K::Int, "65536", 1, 256 << 20, "B",
                   "bytes the one timed transfer moves (at most the 256 MB outbound window)",
                   kIssue));

  // --- the link ---
  t.set_default("pcie.gen", "2", kIssue);
  t.set_default("pcie.lanes", "4", kIssue);
  t.set_default("pcie.mps", "128", "issue 27 (MPS 128 B); a client Intel root port supports no more: pcie-bench data repo, ..._Xeon-E3-1226v3_fujitsu-tx1310/sys-lspci.txt L30 (DevCap MaxPayload 128)");
  t.set_default("pcie.ep_mps", "256", "Microchip PolarFire Family PCI Express User Guide §1.2.1: maximum payload 256 B (the link runs at the smaller, the PC's 128)");
  t.set_default("pcie.mrrs", "512", "the MRRS an Intel client root port's host programs: pcie-bench data repo (b2abf2f), nfp6000-1.2GHz_hsw-Xeon-E3-1226v3_fujitsu-tx1310/sys-lspci.txt L336 (MaxReadReq 512)");
  t.set_default("pcie.read_tags", "32", "assumed: 5-bit tags (PCIe 1.1 §2.2.6.2 without Extended Tag; PolarFire's tag width is not public); the DMA's outstanding limit (8 or 4 requests) binds first");
  t.set_default("pcie.cpl_bytes", "mps", "pcie-bench pcie-model (40703cf) model/mem_bw.py L62-70: completions MPS-sized by default, 64 B chunks seen only on older chipsets");
  t.set_default("pcie.rcb", "64", "PCIe Base Spec 1.1 §2.3.1.1: a Root Complex's RCB is 64 B (or 128 B)");
  t.set_default("pcie.np_header_credits", "32", "assumed: the PC root port's non-posted header credits (not public; at or above the 8 reads the DMA keeps outstanding, so not the bound)");
  t.set_default("pcie.posted_header_credits", "32", "assumed: the PC root port's posted header credits (not public); as on the MSC815x");
  t.set_default("pcie.posted_data_credits", "512", "assumed: the PC root port's posted data credits, 8 KB (not public); as on the MSC815x");
  t.set_default("pcie.ecrc", "0", "assumed off (Linux enables ECRC only with pci=ecrc=on)");
  t.set_default("pcie.lcrc_error_rate", "0", "what-if; 0 on a good link");
  t.set_default("pcie.ack_every", "14", kMsc);
  t.set_default("pcie.ack_on_idle", "1", kMsc);
  t.set_default("pcie.ack_timer_factor", "2.613", kMsc);
  t.set_default("pcie.fc_update_every", "22", kMsc);
  t.set_default("pcie.fc_timer_factor", "9.581", kMsc);
  t.set_default("pcie.replay_buffer_bytes", "8192", "Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) §1.2.1: 8 KB transmit buffer (the PC root port's, unknown, taken alike)");
  t.set_default("pcie.posted_buffer_bytes", "2048", "Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) §1.4.2.1: the AXI slave write path builds packets of up to 2 KB (its buffer assumed that size)");
  t.set_default("pcie.phy_latency_ns", "0", "inside pcie.completer_latency_ns, which is a read's whole round trip as pcie-bench times it from the device; a write only ends that much later (tens of ns in 40 us or more)");
  t.set_default("pcie.x2_gap_symbols", "0", "no x2 quirk known for this link (the MSC8156's own, calibrated)");

  // --- the endpoint's transmit path (the PCIe block) ---
  t.set_default("pcie.assembly_bytes_per_ns", "2", "Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) (DDR3 EP demo §1.3.2.2.3): transaction layer clock 125 MHz; x 16 B, assumed: the datapath width Gen2 x4 needs at 125 MHz (not public)");
  t.set_default("pcie.assembly_tlp_ns", "0", "assumed: no cost per TLP beyond its copy (not public; any cost below a 128 B TLP's wire time, 74 ns at Gen2 x4, is hidden by the pipeline)");
  t.set_default("pcie.cut_through_bytes", "16", "assumed: transmission may start once the header is in (not public)");
  t.set_default("pcie.completer_request_ns", "0", kUnusedCompleter);

  // --- the PC: its read latency and memory ---
  t.set_default("pcie.completer_latency_ns", "1212", "pcie-bench data repo (b2abf2f), nfp6000-1.2GHz_hsw-Xeon-E3-1226v3_fujitsu-tx1310/lat_dma_sizes.txt L8: median 64 B DMA read 1226 ns on a client Intel root port (the MPS-128 kind), less its Gen3 x8 wire time (14 ns); the device's own share is not known and left in");
  t.set_default("host.completion_bytes_per_ns", "16", "assumed: a root port forms completions faster than a Gen2 x4 link takes them (2 B/ns); above 2 B/ns it decides no figure");
  t.set_default("host_mem.latency_ns", "0", "inside pcie.completer_latency_ns (pcie-bench measures the whole read)");
  t.set_default("host_mem.bytes_per_ns", "12.8", "assumed: one DDR3-1600 channel (64 bit); far above the link, decides no figure");

  // --- the two DMA engines ---
  t.set_default("builtin_dma.clock_mhz", "250", "issue 27 (no public source gives the AXI clock: Microchip's ICICLE design runs it at 125 MHz, the EP demo's fabric at 200 MHz)");
  t.set_default("builtin_dma.bytes_per_beat", "8", "Microchip PolarFire PCIe RootPort Adapter Card guide §2: 64-bit AXI master and slave interfaces; AXI_M_RDATA[63:0]");
  t.set_default("builtin_dma.burst_beats", "64", "assumed: the engine cuts its requests at the host's MRRS, 512 B = 64 beats of 8 B (how it cuts is not public)");
  t.set_default("builtin_dma.outstanding", "8", "issue 27; Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) §1.3.1: eight outstanding read and write requests");
  t.set_default("builtin_dma.request_cycles", "1", "assumed: one AXI clock per request (not public; below a request's 64 data beats it decides no figure)");
  t.set_default("fabric_dma.clock_mhz", "250", "Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) §1.6 Table 1-3: one AXI_CLK shared by both PCIESS AXI interfaces, 250 MHz in the issue's configuration; assumed: the fabric DMA runs on it (the EP demo guide's fabric logic runs at 200 MHz, §1.4)");
  t.set_default("fabric_dma.bytes_per_beat", "8", "Microchip PolarFire PCIe RootPort Adapter Card guide §2: the PCIESS AXI slave is 64-bit");
  t.set_default("fabric_dma.burst_beats", "256", "issue 27 (AXI4 INCR maximum)");
  t.set_default("fabric_dma.outstanding", "4", "issue 27; Microchip PolarFire Family PCI Express User Guide (rev 12, UG0685's successor) §1.4.2.2: the AXI slave keeps at most four reads outstanding");
  t.set_default("fabric_dma.request_cycles", "1", "assumed: one AXI clock per burst (not public; CoreAXI4DMAController's descriptor costs are not public either)");
  t.set_default("fpga_mem.latency_ns", "8", "assumed: two AXI clocks of on-chip RAM (LSRAM); bounded by a request's 256 ns of beats, it decides no figure");
  t.set_default("fpga_mem.bytes_per_ns", "8", "assumed: fabric memory faster than the 2 B/ns AXI path (not the bound)");
  t.check_complete();
}

}  // namespace ws
