import CStatfs
import SystemPackage

/// The kernel's pseudo filesystems, where a name is an interface to the kernel rather than a
/// file that keeps what is written to it (`/proc`, `/sys`, …), by `statfs`'s `f_type`.
enum PseudoFilesystem {
  /// The name of the pseudo filesystem holding `path` (which must exist), or `nil` on a real
  /// one (ext4, btrfs, tmpfs, NFS, …) or when `statfs` fails.
  /// The corresponding C function is `statfs`.
  static func name(holding path: String) -> String? {
    var status = CStatfs.statfs()
    guard statfs(path, &status) == 0 else { return nil }
    return names[UInt32(truncatingIfNeeded: status.f_type)]
  }

  /// The name of the pseudo filesystem holding the open `file`, or `nil`.
  /// The corresponding C function is `fstatfs`.
  static func name(of file: FileDescriptor) -> String? {
    var status = CStatfs.statfs()
    guard fstatfs(file.rawValue, &status) == 0 else { return nil }
    return names[UInt32(truncatingIfNeeded: status.f_type)]
  }

  /// The magic numbers of `linux/magic.h` that name kernel interfaces, with the names `mount`
  /// shows.
  private static let names: [UInt32: String] = [
    UInt32(PROC_SUPER_MAGIC): "proc", UInt32(SYSFS_MAGIC): "sysfs", UInt32(DEBUGFS_MAGIC): "debugfs",
    UInt32(TRACEFS_MAGIC): "tracefs", UInt32(SECURITYFS_MAGIC): "securityfs", UInt32(CGROUP_SUPER_MAGIC): "cgroup",
    UInt32(CGROUP2_SUPER_MAGIC): "cgroup2", UInt32(DEVPTS_SUPER_MAGIC): "devpts", UInt32(BPF_FS_MAGIC): "bpf",
    UInt32(PSTOREFS_MAGIC): "pstore", UInt32(EFIVARFS_MAGIC): "efivarfs", UInt32(SELINUX_MAGIC): "selinuxfs",
    UInt32(SMACK_MAGIC): "smackfs", UInt32(BINFMTFS_MAGIC): "binfmt_misc", UInt32(NSFS_MAGIC): "nsfs",
    UInt32(HUGETLBFS_MAGIC): "hugetlbfs", UInt32(0x6265_6570): "configfs", UInt32(0x1980_0202): "mqueue",
    UInt32(0x6573_5543): "fusectl",
  ]
}
