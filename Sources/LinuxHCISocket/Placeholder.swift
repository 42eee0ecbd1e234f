import CBlueZShim
