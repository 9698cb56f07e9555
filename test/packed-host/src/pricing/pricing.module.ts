import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { FeatureFlags } from 'flagwright';

/** A feature module of the host's that does not import FlagwrightModule: FeatureFlags reaches it through `isGlobal`. */
@Injectable()
export class PricingService {
  constructor(private readonly flags: FeatureFlags) {}

  price(userId: string): number {
    return this.flags.isEnabled('discount', { userId }) ? 90 : 100;
  }
}

@Controller('pricing')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @Get()
  price(): { price: number } {
    return { price: this.pricing.price('42') };
  }
}

@Module({ controllers: [PricingController], providers: [PricingService] })
export class PricingModule {}
